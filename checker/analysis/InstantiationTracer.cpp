#include "dispatch/InstantiationTracer.h"
#include "dispatch/TemplateFacts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace dispatch {

// Points of instantiation are followed this far: doctest needs three steps.
static constexpr unsigned MaxDepth = 8;

InstantiationTracer::ProjectPoint InstantiationTracer::projectPoint(const FunctionDecl *FD) {
  return search(FD, 0);
}

InstantiationTracer::ProjectPoint InstantiationTracer::search(const FunctionDecl *FD,
                                                              unsigned Depth) {
  if (!FD || Depth > MaxDepth)
    return {};
  auto [It, New] = Found.try_emplace(FD->getCanonicalDecl(), ProjectPoint());
  if (!New)
    return It->second; // known, or being searched (a cycle finds nothing)
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Point = FD->getPointOfInstantiation();
  ProjectPoint Result;
  if (Point.isInvalid()) {
    // A member of a lambda or local class is instantiated with the function
    // around it, which has the point of instantiation.
    if (const auto *Local = dyn_cast<CXXRecordDecl>(FD->getDeclContext()))
      if (const auto *Outer = dyn_cast_or_null<FunctionDecl>(Local->getParentFunctionOrMethod()))
        Result = search(Outer, Depth + 1);
    Found[FD->getCanonicalDecl()] = Result;
    return Result;
  }
  Point = SM.getExpansionLoc(Point);
  if (!SM.isInSystemHeader(Point))
    Result = {Point, FD};
  else
    // Only a specialisation that uses FD instantiated it: the pattern's
    // other specialisations (`vector<string>::push_back` beside
    // `vector<vector<Tensor>>::emplace_back`) lead elsewhere.
    for (const FunctionDecl *Outer : enclosingSpecializations(Point))
      if (uses(Outer, FD) && (Result = search(Outer, Depth + 1)).Loc.isValid())
        break;
  Found[FD->getCanonicalDecl()] = Result;
  return Result;
}

namespace {
/// Whether a function's body names a given function: calls it, constructs
/// with it, converts through it, takes its address.
class UseFinder : public RecursiveASTVisitor<UseFinder> {
public:
  explicit UseFinder(const FunctionDecl *Target) : Target(Target->getCanonicalDecl()) {}
  bool Found = false;

  bool VisitDeclRefExpr(DeclRefExpr *E) { return see(E->getDecl()); }
  bool VisitMemberExpr(MemberExpr *E) { return see(E->getMemberDecl()); }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) { return see(E->getConstructor()); }
  bool VisitCXXNewExpr(CXXNewExpr *E) { return see(E->getOperatorNew()); }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) { return see(E->getOperatorDelete()); }

private:
  bool see(const Decl *D) {
    if (D && D->getCanonicalDecl() == Target)
      Found = true;
    return !Found;
  }
  const Decl *Target;
};
} // namespace

bool InstantiationTracer::uses(const FunctionDecl *Outer, const FunctionDecl *FD) {
  auto [It, New] = Uses.try_emplace({Outer->getCanonicalDecl(), FD->getCanonicalDecl()}, false);
  if (!New)
    return It->second;
  UseFinder Finder(FD);
  if (Stmt *Body = Outer->getBody())
    Finder.TraverseStmt(Body);
  // Constructor initialisers are no part of the body.
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Outer))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (!Finder.Found && Init->getInit())
        Finder.TraverseStmt(Init->getInit());
  return Uses[{Outer->getCanonicalDecl(), FD->getCanonicalDecl()}] = Finder.Found;
}

/// Every function written in DC and in the classes and namespaces it holds
/// (patterns only: no instantiation is a declaration of a DeclContext).
static void collectPatterns(const DeclContext *DC, FileID File, const SourceManager &SM,
                            std::vector<const FunctionDecl *> &Out) {
  for (const Decl *D : DC->decls()) {
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      D = FTD->getTemplatedDecl();
    else if (const auto *CTD = dyn_cast<ClassTemplateDecl>(D))
      D = CTD->getTemplatedDecl();
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (FD->doesThisDeclarationHaveABody() &&
          SM.getFileID(SM.getExpansionLoc(FD->getBeginLoc())) == File)
        Out.push_back(FD);
      continue;
    }
    if (isa<NamespaceDecl, LinkageSpecDecl>(D))
      collectPatterns(cast<DeclContext>(D), File, SM, Out);
    else if (const auto *RD = dyn_cast<CXXRecordDecl>(D);
             RD && RD->isThisDeclarationADefinition() && !isa<ClassTemplateSpecializationDecl>(RD))
      collectPatterns(RD, File, SM, Out);
    else if (const auto *PS = dyn_cast<ClassTemplatePartialSpecializationDecl>(D);
             PS && PS->isThisDeclarationADefinition())
      collectPatterns(PS, File, SM, Out);
  }
}

const std::vector<const FunctionDecl *> &InstantiationTracer::patternsIn(FileID File) {
  auto [It, New] = Patterns.try_emplace(File);
  if (New)
    collectPatterns(Ctx.getTranslationUnitDecl(), File, Ctx.getSourceManager(), It->second);
  return It->second;
}

/// The functions instantiated from Pattern: a function template's
/// specialisations, or a class template's (or partial specialisation's)
/// instantiated member.
static void instancesOf(const FunctionDecl *Pattern, std::vector<const FunctionDecl *> &Out) {
  const FunctionTemplateDecl *FTD = Pattern->getDescribedFunctionTemplate();
  if (FTD)
    for (const FunctionDecl *Spec : FTD->specializations())
      Out.push_back(Spec);
  const auto *Method = dyn_cast<CXXMethodDecl>(Pattern);
  if (!Method)
    return;
  const CXXRecordDecl *Class = Method->getParent();
  const ClassTemplateDecl *CTD = Class->getDescribedClassTemplate();
  if (const auto *PS = dyn_cast<ClassTemplatePartialSpecializationDecl>(Class))
    CTD = PS->getSpecializedTemplate();
  if (!CTD)
    return;
  // A member of a class template: the class's specialisations hold its
  // instantiations (a member template: their own specialisations). They
  // name the declaration in the class; Pattern may be the definition out of
  // it (vector.tcc's `vector<_Tp, _Alloc>::emplace_back`).
  if (!FTD) {
    for (const FunctionDecl *M : instantiatedMembers(Pattern))
      Out.push_back(M);
    return;
  }
  for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations())
    for (const Decl *D : Spec->decls())
      if (const auto *MT = dyn_cast<FunctionTemplateDecl>(D);
          MT && MT->getInstantiatedFromMemberTemplate() &&
          MT->getInstantiatedFromMemberTemplate()->getCanonicalDecl() == FTD->getCanonicalDecl())
        for (const FunctionDecl *S : MT->specializations())
          Out.push_back(S);
}

std::vector<const FunctionDecl *> InstantiationTracer::enclosingSpecializations(SourceLocation Point) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const FunctionDecl *> Out;
  for (const FunctionDecl *Pattern : patternsIn(SM.getFileID(Point))) {
    SourceRange Body = Pattern->getSourceRange();
    SourceLocation Begin = SM.getExpansionLoc(Body.getBegin());
    SourceLocation End = SM.getExpansionRange(Body.getEnd()).getEnd();
    if (SM.isBeforeInTranslationUnit(Point, Begin) || SM.isBeforeInTranslationUnit(End, Point))
      continue;
    instancesOf(Pattern, Out);
  }
  return Out;
}

} // namespace dispatch
