#include "ForeignOverloadCheck.h"

#include "dispatch/AstNavigation.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/OverloadOracle.h"
#include "dispatch/TemplateFacts.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {

void ForeignOverloadCheck::registerCheckMatchers(MatchFinder *Finder) {
  // Only what the project wrote can be piracy: system headers are pruned
  // before any callback. Cheap structural tests come first, since the
  // matchers see every declaration of the translation unit.
  auto Written = unless(isExpansionInSystemHeader());
  Finder->addMatcher(functionDecl(hasDeclContext(namespaceDecl()), unless(isImplicit()), Written)
                         .bind("fn"),
                     this);
  Finder->addMatcher(
      functionDecl(hasDeclContext(translationUnitDecl()), unless(isImplicit()), Written)
          .bind("fn"),
      this);
  Finder->addMatcher(classTemplateSpecializationDecl(Written).bind("spec"), this);
  Finder->addMatcher(namedDecl(ast_matchers::isInStdNamespace(), unless(functionDecl()),
                               unless(isImplicit()), Written)
                         .bind("std"),
                     this);
}

bool ForeignOverloadCheck::writtenInProject(const Decl *D) const {
  return ownership().isOwnedLocation(D->getLocation(), D->getASTContext().getSourceManager());
}

void ForeignOverloadCheck::onMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn"))
    return checkFunction(FD);
  if (const auto *Spec = Result.Nodes.getNodeAs<ClassTemplateSpecializationDecl>("spec"))
    return checkClassSpecialization(Spec);
  if (const auto *ND = Result.Nodes.getNodeAs<NamedDecl>("std"))
    return checkStdAddition(ND);
}

/// Whether any parameter (or, for specialisations, template argument) names a
/// type the project owns.
static bool involvesOwned(const FunctionDecl *FD, const OwnershipPolicy &Policy) {
  for (const ParmVarDecl *P : FD->parameters())
    if (Policy.involvesOwnedType(P->getType()))
      return true;
  if (const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs())
    for (const TemplateArgument &A : Args->asArray())
      if (A.getKind() == TemplateArgument::Type && Policy.involvesOwnedType(A.getAsType()))
        return true;
  return false;
}

/// Whether a specialisation of FD (a function template's pattern) is
/// referenced in the TU; FD itself otherwise.
static bool isReferencedHere(const FunctionDecl *FD) {
  if (const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate())
    return llvm::any_of(FTD->specializations(),
                        [](const FunctionDecl *S) { return S->isReferenced(); });
  return FD->isReferenced();
}

void ForeignOverloadCheck::checkFunction(const FunctionDecl *FD) {
  if (!isWrittenDeclaration(FD) || !writtenInProject(FD))
    return;
  // A template with a parameter of any type is dispatch-unconstrained-
  // operator's; one whose parameters are patterns of foreign types
  // (dynet's `operator<<(std::ostream &, const std::vector<T> &)`) is an
  // overload for foreign types as a function is. One in std is
  // checkStdAddition's.
  const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate();
  if (FTD ? countAnyTypeParams(FTD) != 0 || FD->getDeclContext()->isDependentContext() ||
                isInStdNamespace(FD)
          : FD->isDependentContext())
    return;
  if (FD->isMain() || FD->isExternC())
    return;
  bool InStd = isInStdNamespace(FD);
  bool Specialization = explicitSpecialisation(FD) != nullptr;
  const auto *NS = dyn_cast<NamespaceDecl>(FD->getDeclContext()->getRedeclContext());
  // Reopening a library's namespace in a project file makes that block look
  // owned; who owns a namespace is decided by its first declaration.
  bool ForeignNamespace =
      NS && !NS->isAnonymousNamespace() && !ownership().isOwnedDecl(NS->getFirstDecl());
  bool Owned = involvesOwned(FD, ownership());

  if (InStd && !(Specialization && Owned)) {
    // Undefined behaviour whether or not this TU calls it: never latent.
    Finding F = finding(FD, WideningKind::StdAddition, FD->getLocation(),
                        "'" + signatureOf(FD) + "' is added to namespace std" +
                            (Owned ? "" : " for types nobody in the project owns"));
    F.note(FD->getLocation(),
           "the standard allows only specialisations of std templates for program-defined "
           "types; calls into std now resolve differently depending on includes",
           NoteRole::Context);
    Pending.push_back({FD, std::move(F)});
    return;
  }
  if (Owned || (Specialization && isOwned(FD->getPrimaryTemplate())))
    return;
  const NamedDecl *Sibling = nullptr;
  bool Operator = FD->isOverloadedOperator();
  if (!Operator && !Specialization && !ForeignNamespace &&
      !(Sibling = foreignOverloadSibling(FD, ownership())))
    return;
  if (isa<CXXMethodDecl>(FD))
    return;
  if (Specialization) {
    Pending.push_back({FD, specialisationFinding(FD, "'" + signatureOf(FD) + "'")});
    return;
  }
  std::string Widens = Operator ? "an operator every translation unit uses" : "a foreign overload set";
  Finding F = finding(FD, WideningKind::ForeignOverload, FD->getLocation(),
                      "overload '" + signatureOf(FD) +
                          "' of a foreign function for foreign types is type piracy");
  F.note(FD->getLocation(),
         "neither the name it overloads nor any parameter type is the project's: it widens " +
             Widens + " only where this declaration is visible",
         NoteRole::Context);
  // Clang marks every declaration a TU refers to (calls, operator uses,
  // address-taking): unreferenced here, it changed nothing in this TU.
  F.Latent = !isReferencedHere(FD);
  if (Sibling)
    F.note(Sibling->getLocation(), "the overload set it joins", NoteRole::OverloadSet);
  Pending.push_back({FD, std::move(F)});
}

namespace {
/// What a reference names as written: a function template's specialisation
/// is its pattern, unless the project wrote it (an explicit specialisation).
/// Canonical.
const Decl *writtenOf(const Decl *D) {
  if (const FunctionDecl *Spec = explicitSpecialisation(D))
    return Spec;
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return writtenDecl(FD);
  return D->getCanonicalDecl();
}

/// The references to some functions anywhere in the TU, template
/// instantiations included, in traversal order.
class ReferenceCollector : public RecursiveASTVisitor<ReferenceCollector> {
public:
  explicit ReferenceCollector(const llvm::SmallPtrSetImpl<const Decl *> &Wanted)
      : Wanted(Wanted) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (Wanted.count(writtenOf(E->getDecl())))
      Found.push_back(E);
    return true;
  }
  std::vector<const DeclRefExpr *> Found;

private:
  const llvm::SmallPtrSetImpl<const Decl *> &Wanted;
};
} // namespace

void ForeignOverloadCheck::finishTranslationUnit(ASTContext &Ctx) {
  // The effect is the calls it takes: each noted with what it would do
  // without the overload (clang's answer: another function, an ambiguity —
  // DGL's `max(half, half)` beside CUDA's `max(int, int)` — or nothing).
  llvm::SmallPtrSet<const Decl *, 8> Referenced;
  for (const auto &[FD, F] : Pending)
    if (isReferencedHere(FD))
      Referenced.insert(writtenOf(FD));
  std::vector<const DeclRefExpr *> Refs;
  if (!Referenced.empty()) {
    ReferenceCollector Collector(Referenced);
    Collector.TraverseAST(Ctx);
    Refs = std::move(Collector.Found);
  }
  OverloadOracle *O = Refs.empty() ? nullptr : oracle();
  for (auto &[FD, F] : Pending) {
    std::vector<CallNote> Calls;
    unsigned Taken = 0; // from another function: dispatch-scan's hijacks
    // A specialisation's dependents are the calls that run it, not every
    // call of its template (dispatch-scan names calls by their template).
    if (explicitSpecialisation(FD))
      F.DependentSites.emplace();
    for (const DeclRefExpr *Ref : Refs) {
      if (writtenOf(Ref->getDecl()) != writtenOf(FD))
        continue;
      const Expr *Call = callOf(Ref, Ctx);
      ShownSite Shown = shownSite(Call ? Call->getExprLoc() : Ref->getLocation(), Call);
      if (llvm::any_of(Calls, [&](const CallNote &N) { return N.Loc == Shown.Loc; }))
        continue; // a call in a template, once however many instantiations
      std::string Text = (Call ? "called " : "referred to ") + Shown.Where;
      // Overload resolution picks the template either way; the
      // specialisation decides only which definition runs.
      if (Call && F.DependentSites) {
        Text += "; without it, this call would run the template's own definition";
        F.DependentSites->push_back(Call->getBeginLoc());
      } else if (std::optional<CallSite> Site = Call && O ? callSiteOf(Call) : std::nullopt)
        if (std::optional<Resolution> Without = O->resolve(
                *Site, enclosingCaller(Call, Ctx), [&](const FunctionDecl *Candidate) {
                  return writtenOf(Candidate) == writtenOf(FD);
                }))
          if (std::string Would = wouldDo(Without->Result, Without->Function, *Site);
              !Would.empty()) {
            Text += "; without it, this call would " + Would;
            Taken += Without->Result == Outcome::Function || Without->Result == Outcome::Builtin;
          }
      Calls.push_back({Shown.Loc, std::move(Text)});
    }
    noteCalls(F, Calls, "in this translation unit", NoteRole::WonCall);
    F.WonCalls = Taken;
    report(std::move(F));
  }
}

const Expr *ForeignOverloadCheck::callOf(const DeclRefExpr *Ref, ASTContext &Ctx) {
  DynTypedNode Parent = writtenParent(Ref, Ctx);
  while (const auto *Paren = Parent.get<ParenExpr>()) // `(f)(x)`
    Parent = writtenParent(Paren, Ctx);
  const auto *Call = Parent.get<CallExpr>();
  return Call && Call->getCallee()->IgnoreParenImpCasts() == Ref ? Call : nullptr;
}

void ForeignOverloadCheck::resetTranslationUnit() { Pending.clear(); }

void ForeignOverloadCheck::checkClassSpecialization(const ClassTemplateSpecializationDecl *Spec) {
  if (!Spec->isExplicitSpecialization() || !writtenInProject(Spec))
    return;
  const ClassTemplateDecl *Template = Spec->getSpecializedTemplate();
  if (isOwned(Template))
    return;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type && ownership().involvesOwnedType(A.getAsType()))
      return;
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  Spec->getNameForDiagnostic(OS, Spec->getASTContext().getPrintingPolicy(), true);
  report(specialisationFinding(Spec, "'" + OS.str() + "'"));
}

Finding ForeignOverloadCheck::specialisationFinding(const NamedDecl *Spec, llvm::StringRef Name) {
  // An ODR hazard whether or not this TU uses it: never latent.
  Finding F = finding(Spec, WideningKind::ForeignOverload, Spec->getLocation(),
                      "specialisation " + Name.str() +
                          " of a foreign template for foreign types is type piracy");
  F.note(Spec->getLocation(),
         "neither the template nor any template argument is the project's: its behaviour "
         "depends on which translation units see it (an ODR hazard)",
         NoteRole::Context);
  return F;
}

void ForeignOverloadCheck::checkStdAddition(const NamedDecl *ND) {
  if (!writtenInProject(ND) || isa<ClassTemplateSpecializationDecl>(ND))
    return;
  if (const auto *Tag = dyn_cast<TagDecl>(ND))
    if (Tag->getFirstDecl() != Tag)
      return;
  if (isa<NamespaceDecl, UsingDirectiveDecl, UsingDecl, UsingShadowDecl>(ND))
    return;
  // A function template says which overload it is, as checkFunction's
  // message does (`'std::swap(yamc::shared_lock<Mutex> &, …)' is added to
  // namespace std`, LightGBM's vendored yamc), not just `'std::swap'`.
  std::string Message = "'" + ND->getQualifiedNameAsString() + "' is declared in namespace std";
  if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(ND))
    Message = "'" + signatureOf(FTD->getTemplatedDecl()) + "' is added to namespace std";
  Finding F = finding(ND, WideningKind::StdAddition, ND->getLocation(), Message);
  F.note(ND->getLocation(),
         "adding declarations to std is undefined behaviour and changes what std code sees",
         NoteRole::Context);
  report(std::move(F));
}

} // namespace dispatch
