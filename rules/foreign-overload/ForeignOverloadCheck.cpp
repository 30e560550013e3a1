#include "ForeignOverloadCheck.h"

#include "dispatch/DiagnosticText.h"
#include "dispatch/TemplateFacts.h"

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

/// Somebody else's overload set: an operator, a name declared in a namespace
/// the project does not own, or a name that already has a declaration outside
/// the project in the same scope (`::log` beside <cmath>'s).
static const NamedDecl *foreignSibling(const FunctionDecl *FD, const OwnershipPolicy &Policy) {
  for (const NamedDecl *ND : FD->getDeclContext()->getRedeclContext()->lookup(FD->getDeclName())) {
    const NamedDecl *Under = ND->getUnderlyingDecl();
    if (Under->getCanonicalDecl() != FD->getCanonicalDecl() && !Policy.isOwnedDecl(Under))
      return Under;
  }
  return nullptr;
}

void ForeignOverloadCheck::checkFunction(const FunctionDecl *FD) {
  if (!isWrittenDeclaration(FD) || !writtenInProject(FD))
    return;
  // Templates with parameters of any type are dispatch-unconstrained-operator's.
  if (FD->getDescribedFunctionTemplate() || FD->isDependentContext())
    return;
  if (FD->isMain() || FD->isExternC())
    return;
  bool InStd = isInStdNamespace(FD);
  bool Specialization = FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization;
  const auto *NS = dyn_cast<NamespaceDecl>(FD->getDeclContext()->getRedeclContext());
  // Reopening a library's namespace in a project file makes that block look
  // owned; who owns a namespace is decided by its first declaration.
  bool ForeignNamespace =
      NS && !NS->isAnonymousNamespace() && !ownership().isOwnedDecl(NS->getFirstDecl());
  bool Owned = involvesOwned(FD, ownership());

  if (InStd && !(Specialization && Owned)) {
    report(finding(FD, WideningKind::StdAddition, FD->getLocation(),
                   "'" + signatureOf(FD) + "' is added to namespace std" +
                       (Owned ? "" : " for types nobody in the project owns") +
                       "; the standard allows only specialisations of std templates for "
                       "program-defined types, and calls into std now resolve differently "
                       "depending on includes; declare it in the project's namespace next to "
                       "the type it serves"));
    return;
  }
  if (Owned)
    return;
  const NamedDecl *Sibling = nullptr;
  bool Operator = FD->isOverloadedOperator();
  if (!Operator && !Specialization && !ForeignNamespace &&
      !(Sibling = foreignSibling(FD, ownership())))
    return;
  if (isa<CXXMethodDecl>(FD))
    return;
  std::string Widens = Operator ? "an operator every translation unit uses" : "a foreign overload set";
  Finding F = finding(FD, WideningKind::ForeignOverload, FD->getLocation(),
                      std::string(Specialization ? "specialisation" : "overload") + " '" +
                          signatureOf(FD) + "' is type piracy: neither the " +
                          (Specialization ? "template" : "function") +
                          " nor any parameter type belongs to the project, so it widens " +
                          Widens +
                          " only where this header is included; wrap the foreign type in a "
                          "project type or move the function into the project's namespace "
                          "under its own name");
  if (Sibling)
    F.note(Sibling->getLocation(), "the overload set it joins", NoteRole::OverloadSet);
  report(std::move(F));
}

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
  report(finding(Spec, WideningKind::ForeignOverload, Spec->getLocation(),
                 "specialisation '" + OS.str() +
                     "' is type piracy: neither the template nor any template argument belongs "
                     "to the project, so its behaviour depends on which translation units see "
                     "it (an ODR hazard); specialise for a project type or use a project-owned "
                     "functor"));
}

void ForeignOverloadCheck::checkStdAddition(const NamedDecl *ND) {
  if (!writtenInProject(ND) || isa<ClassTemplateSpecializationDecl>(ND))
    return;
  if (const auto *Tag = dyn_cast<TagDecl>(ND))
    if (Tag->getFirstDecl() != Tag)
      return;
  if (isa<NamespaceDecl, UsingDirectiveDecl, UsingDecl, UsingShadowDecl>(ND))
    return;
  report(finding(ND, WideningKind::StdAddition, ND->getLocation(),
                 "'" + ND->getQualifiedNameAsString() +
                     "' is declared in namespace std; adding declarations to std is undefined "
                     "behaviour and changes what std code sees; declare it in the project's "
                     "namespace"));
}

} // namespace dispatch
