#include "DeclRanges.h"
#include "Locations.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Lex/Lexer.h"

namespace resolve {

using namespace clang;
using nlohmann::json;

static const char *kindOf(const FunctionDecl *FD) {
  if (isa<CXXDeductionGuideDecl>(FD))
    return "deduction-guide";
  if (isa<CXXConstructorDecl>(FD))
    return "constructor";
  if (isa<CXXConversionDecl>(FD))
    return "conversion";
  if (FD->isOverloadedOperator())
    return "operator";
  if (const auto *M = dyn_cast<CXXMethodDecl>(FD))
    return M->isStatic() ? "static-method" : "method";
  return "function";
}

bool DeclCollector::TraverseDecl(Decl *D) {
  if (!D)
    return true;
  if (!isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
      inSystemHeader(SM, D->getLocation()))
    return true;
  return RecursiveASTVisitor::TraverseDecl(D);
}

bool DeclCollector::VisitFriendDecl(FriendDecl *D) {
  if (NamedDecl *ND = D->getFriendDecl()) {
    FriendRanges[ND] = D->getSourceRange();
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(ND))
      FriendRanges[FTD->getTemplatedDecl()] = D->getSourceRange();
  }
  return true;
}

bool DeclCollector::VisitFunctionDecl(FunctionDecl *FD) {
  if (FD->isImplicit() || FD->isTemplateInstantiation() || inSystemHeader(SM, FD->getLocation()))
    return true;
  if (const auto *M = dyn_cast<CXXMethodDecl>(FD))
    if (M->getParent()->isLambda())
      return true; // part of an expression: nothing to delete
  if (const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate()) {
    entry(FTD->getCanonicalDecl()->getTemplatedDecl(), true)["ranges"].push_back(
        extent(FD, "declaration"));
  } else if (FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization &&
             writtenTemplate(FD)) {
    // `template <> f<int>(int)` cannot outlive its template.
    entry(writtenTemplate(FD)->getTemplatedDecl(), true)["ranges"].push_back(
        extent(FD, "explicit-specialization"));
  } else {
    entry(FD->getCanonicalDecl(), false)["ranges"].push_back(extent(FD, "declaration"));
  }
  return true;
}

json &DeclCollector::entry(const FunctionDecl *Entity, bool IsTemplate) {
  std::string Key = declKey(Entity);
  auto [It, New] = Entries.try_emplace(Key);
  if (New) {
    Order.push_back(Key);
    bool Constrained = Entity->getTrailingRequiresClause() != nullptr;
    if (const FunctionTemplateDecl *FTD = Entity->getDescribedFunctionTemplate())
      Constrained |= FTD->getTemplateParameters()->hasAssociatedConstraints();
    It->second = {{"key", Key},
                  {"name", qualifiedName(Entity)},
                  {"signature", signature(Entity)},
                  {"kind", kindOf(Entity)},
                  {"template", IsTemplate},
                  {"constrained", Constrained},
                  {"loc", locationJson(SM, Entity->getLocation())},
                  {"ranges", json::array()}};
  }
  return It->second;
}

// File offset of Loc's expansion, if it lies in File.
static std::optional<unsigned> offsetIn(const SourceManager &SM, FileID File, SourceLocation Loc) {
  if (Loc.isInvalid())
    return std::nullopt;
  SourceLocation E = SM.getExpansionLoc(Loc);
  if (SM.getFileID(E) != File)
    return std::nullopt;
  return SM.getFileOffset(E);
}

json DeclCollector::extent(const FunctionDecl *FD, const char *Role) const {
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation NameLoc = SM.getExpansionLoc(FD->getLocation());
  FileID File = SM.getFileID(NameLoc);
  unsigned Begin = SM.getFileOffset(NameLoc), EndToken = Begin;
  SourceLocation EndTokenLoc = NameLoc;
  bool ThroughMacro = false;
  // Widen [Begin, EndToken] to cover a piece of the declaration; a macro
  // piece counts as its whole expansion.
  auto cover = [&](SourceLocation From, SourceLocation To) {
    ThroughMacro |= From.isMacroID() || To.isMacroID();
    if (From.isValid() && From.isMacroID())
      From = SM.getExpansionRange(From).getBegin();
    if (To.isValid() && To.isMacroID())
      To = SM.getExpansionRange(To).getEnd();
    if (auto B = offsetIn(SM, File, From); B && *B < Begin)
      Begin = *B;
    if (auto E = offsetIn(SM, File, To); E && *E > EndToken) {
      EndToken = *E;
      EndTokenLoc = SM.getExpansionLoc(To);
    }
  };
  cover(FD->getOuterLocStart(), FD->getEndLoc()); // outer template<...> heads too
  if (const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate())
    cover(FTD->getBeginLoc(), FTD->getEndLoc());
  if (const Expr *Requires = FD->getTrailingRequiresClause())
    cover(Requires->getBeginLoc(), Requires->getEndLoc());
  if (auto It = FriendRanges.find(FD); It != FriendRanges.end())
    cover(It->second.getBegin(), It->second.getEnd());
  for (const Attr *A : FD->attrs()) // `__host__ __device__` before the return type
    if (!A->isImplicit() && !A->isInherited())
      cover(A->getRange().getBegin(), A->getRange().getEnd());

  // The AST's range stops before `= delete`, `= default`, `= 0` and the
  // closing `;` of a declaration without a body; left behind, they would not
  // compile.
  auto next = [&](SourceLocation After) -> std::optional<Token> {
    std::optional<Token> T = Lexer::findNextToken(After, SM, LO);
    if (T && SM.getFileID(T->getLocation()) != File)
      return std::nullopt;
    return T;
  };
  std::optional<Token> Next = next(EndTokenLoc);
  if (Next && Next->is(tok::equal)) {
    std::optional<Token> What = next(Next->getLocation());
    if (What && (What->is(tok::numeric_constant) ||
                 (What->is(tok::raw_identifier) &&
                  (What->getRawIdentifier() == "delete" || What->getRawIdentifier() == "default")))) {
      EndTokenLoc = What->getLocation();
      Next = next(EndTokenLoc);
    }
  }
  SourceLocation End = Lexer::getLocForEndOfToken(EndTokenLoc, 0, SM, LO);
  if (Next && Next->is(tok::semi))
    End = Next->getEndLoc();
  bool MultiDeclarator = Next && Next->is(tok::comma);

  return {{"role", Role},
          {"file", fileOf(SM, NameLoc)},
          {"begin", Begin},
          {"end", SM.getFileOffset(End)},
          {"loc", locationJson(SM, FD->getLocation())},
          {"begin_loc", locationJson(SM, SM.getComposedLoc(File, Begin))},
          {"end_loc", locationJson(SM, End)},
          {"definition", FD->doesThisDeclarationHaveABody()},
          {"through_macro", ThroughMacro},
          // `void f(int), g(int);`: deleting one declarator textually is not
          // supported; the harness refuses instead of guessing.
          {"deletable", !MultiDeclarator}};
}

json DeclCollector::take() {
  json Out = json::array();
  for (const std::string &Key : Order)
    Out.push_back(std::move(Entries[Key]));
  return Out;
}

} // namespace resolve
