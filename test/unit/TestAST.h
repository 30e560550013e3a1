// Parses C++ snippets for the unit tests and finds declarations by name.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Frontend/ASTUnit.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace dispatch::test {

struct Parsed {
  /// The headers' text: the AST's in-memory file system refers to it, so it
  /// lives as long as the AST (the ownership checks read files again).
  std::shared_ptr<std::vector<std::pair<std::string, std::string>>> Files;
  std::unique_ptr<clang::ASTUnit> AST;
  clang::ASTContext &ctx() { return AST->getASTContext(); }

  /// The first declaration (in traversal order) with this qualified name and
  /// kind, e.g. find<clang::CXXRecordDecl>("gnn::Tensor"). Fails the test if
  /// there is none.
  template <class T> const T *find(const std::string &QualifiedName);
  /// All named declarations with this qualified name.
  std::vector<const clang::NamedDecl *> all(const std::string &QualifiedName);
  /// The Nth call expression whose direct callee has this name. Fails the
  /// test if there is none.
  const clang::CallExpr *call(const std::string &CalleeName, unsigned Nth = 0);
};

/// Parses Code as main.cpp (C++20 unless Args say otherwise). Headers maps
/// file names to contents; files under /sys/ are system headers.
Parsed parse(const std::string &Code, std::vector<std::string> Args = {},
             const std::map<std::string, std::string> &Headers = {});

template <class T> const T *Parsed::find(const std::string &QualifiedName) {
  for (const clang::NamedDecl *D : all(QualifiedName))
    if (const auto *Typed = llvm::dyn_cast<T>(D))
      return Typed;
  ADD_FAILURE() << "the snippet declares no " << QualifiedName << " of the kind asked for";
  return nullptr;
}

} // namespace dispatch::test
