// Where the project made clang instantiate code a system header wrote. A
// project conversion used inside a test framework's comparison template
// (doctest's `eq(lhs, rhs)`, reached from a test's `CHECK_EQ(a, b)` through
// `binary_assert` and `RelationalComparator::operator()`) takes effect where
// the project wrote the macro: in the test, not in doctest.h.
//
// A function's point of instantiation is where the code that needed it is;
// when that is itself inside a system header's template, the search goes on
// from the specialisations of the enclosing template whose body holds it and
// uses the function, until a point outside system headers is found.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace dispatch {

class InstantiationTracer {
public:
  explicit InstantiationTracer(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  struct ProjectPoint {
    /// The expansion location outside system headers that led clang to
    /// instantiate it; invalid when none is found within a few steps.
    clang::SourceLocation Loc;
    /// What the project's code instantiated there (`std::sort<...>`): the
    /// function itself or one whose instantiation needed it.
    const clang::FunctionDecl *Instantiated = nullptr;
  };
  /// For a function instantiated from a template (or a member of a class
  /// template) written in a system header: where the project made clang
  /// instantiate it.
  ProjectPoint projectPoint(const clang::FunctionDecl *FD);

private:
  ProjectPoint search(const clang::FunctionDecl *FD, unsigned Depth);
  /// The functions instantiated from the templates whose body, as written
  /// in its file, holds Point (an expansion location in a system header).
  std::vector<const clang::FunctionDecl *> enclosingSpecializations(clang::SourceLocation Point);
  /// Whether Outer's body (or its constructor's initialisers) names FD.
  bool uses(const clang::FunctionDecl *Outer, const clang::FunctionDecl *FD);
  /// The function patterns with a body written in File (expansion ranges).
  const std::vector<const clang::FunctionDecl *> &patternsIn(clang::FileID File);

  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::FunctionDecl *, ProjectPoint> Found;
  llvm::DenseMap<clang::FileID, std::vector<const clang::FunctionDecl *>> Patterns;
  llvm::DenseMap<std::pair<const clang::Decl *, const clang::Decl *>, bool> Uses;
};

} // namespace dispatch
