// Every function and function template written outside system headers, with
// the full text of each of its declarations (template head, attributes,
// `friend`, trailing requires-clause, the closing `;`), so that a script can
// delete the entity textually and compile again.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace resolve {

class DeclCollector : public clang::RecursiveASTVisitor<DeclCollector> {
public:
  explicit DeclCollector(clang::ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  // Only what is written: no instantiations, no implicit members.
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(clang::Decl *D);
  bool VisitFriendDecl(clang::FriendDecl *D);
  bool VisitFunctionDecl(clang::FunctionDecl *FD);

  nlohmann::json take();

private:
  nlohmann::json &entry(const clang::FunctionDecl *Entity, bool IsTemplate);
  nlohmann::json extent(const clang::FunctionDecl *FD, const char *Role) const;

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  std::vector<std::string> Order; // first-seen order of the entities
  std::map<std::string, nlohmann::json> Entries;
  // `friend` belongs to the FriendDecl, not to the function it declares.
  llvm::DenseMap<const clang::Decl *, clang::SourceRange> FriendRanges;
};

} // namespace resolve
