// The project's own convention for a conversion: the converting constructors
// it declared `explicit`, by the type they convert from. An implicit one from
// the same type in a related class (the same class, a base or derived class,
// or one sharing a base the project owns) breaks that convention: tiny-dnn's
// `selu_layer(size_t)` beside `explicit activation_layer(size_t)`. That is a
// fact about the declarations, not about any use: a header-only library's
// users write the implicit conversions, its own sources seldom do.
#pragma once

#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace dispatch {

class ExplicitConvention {
public:
  /// Records C when it is an explicit constructor callable with one argument
  /// (not a copy or move constructor) whose first parameter is not dependent.
  void addExplicit(const clang::CXXConstructorDecl *C);

  /// An explicit constructor recorded from the same type as Implicit's first
  /// parameter (references and cv-qualifiers aside) in a class related to
  /// Implicit's, where a shared base counts only if OwnedBase says so; null
  /// when there is none. The nearest one: the same class before a base or
  /// derived class before a class sharing a base, then the same file, then
  /// the closest line.
  const clang::CXXConstructorDecl *
  explicitSibling(const clang::CXXConstructorDecl *Implicit,
                  llvm::function_ref<bool(const clang::CXXRecordDecl *)> OwnedBase) const;

  void clear() { BySource.clear(); }

private:
  llvm::DenseMap<const clang::Type *, llvm::SmallVector<const clang::CXXConstructorDecl *, 2>>
      BySource;
};

} // namespace dispatch
