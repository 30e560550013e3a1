#include "GreedyConstructorCheck.h"

#include "../common/Matchers.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/FixBuilders.h"
#include "dispatch/TemplateFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {

GreedyConstructorCheck::GreedyConstructorCheck(llvm::StringRef Name,
                                               tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context), MakeExplicit(boolOption("MakeExplicit", true)),
      Inserter(Options.getLocalOrGlobal("IncludeStyle", tidy::utils::IncludeSorter::IS_LLVM),
               areDiagsSelfContained()) {
  Sites.setFilter([this](const FunctionDecl *Written) {
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(Written);
    return Ctor && classifyGreedyConstructor(Ctor) && isOwned(Ctor);
  });
}

void GreedyConstructorCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  DispatchCheck::storeOptions(Opts);
  storeBool(Opts, "MakeExplicit", MakeExplicit);
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
}

void GreedyConstructorCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                                                 Preprocessor *ModuleExpanderPP) {
  DispatchCheck::registerPPCallbacks(SM, PP, ModuleExpanderPP);
  // Only the TU's own #include lines matter, which the main preprocessor
  // reports with or without clang-tidy's module-header re-lexing.
  Inserter.registerPreprocessor(PP);
}

void GreedyConstructorCheck::registerCheckMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionTemplateDecl(unless(isExpansionInSystemHeader()),
                                          matchers::isWrittenDeclaration(),
                                          has(cxxConstructorDecl().bind("ctor"))),
                     this);
  Finder->addMatcher(cxxConstructExpr().bind("construct"), this);
}

void GreedyConstructorCheck::onMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *E = Result.Nodes.getNodeAs<CXXConstructExpr>("construct")) {
    if (const CXXConstructorDecl *C = E->getConstructor(); C && C->getPrimaryTemplate())
      Constructions[writtenDecl(C)].push_back(E->getBeginLoc());
    return Sites.addConstruct(E, *Result.Context);
  }
  const auto *Ctor = Result.Nodes.getNodeAs<CXXConstructorDecl>("ctor");
  if (!Ctor)
    return;
  if (std::optional<GreedyForm> Form = classifyGreedyConstructor(Ctor))
    if (isOwned(Ctor))
      Found.push_back({Ctor, *Form});
}

static std::string consequence(GreedyForm Form, const std::string &Class) {
  switch (Form) {
  case GreedyForm::ForwardingRef:
    return "it out-ranks the copy constructor of '" + Class +
           "' for non-const lvalues and the copy/move constructors for derived objects";
  case GreedyForm::LvalueRef:
    return "it out-ranks the copy constructor of '" + Class + "' for non-const lvalues";
  case GreedyForm::ByValue:
    return "every type becomes implicitly convertible to '" + Class + "'";
  case GreedyForm::Variadic:
    return "every argument list is accepted, a single '" + Class +
           "' or derived object included";
  }
  return "";
}

void GreedyConstructorCheck::finishTranslationUnit(ASTContext &Ctx) {
  for (const Greedy &G : Found) {
    const CXXConstructorDecl *Ctor = G.Ctor;
    const FunctionTemplateDecl *FTD = Ctor->getDescribedFunctionTemplate();
    const CXXRecordDecl *Class = Ctor->getParent();
    ParamShape First = classifyParam(Ctor->getParamDecl(0), FTD);

    std::vector<FixItHint> Hints = excludeClassFix(
        FTD, First.Param, First.IsPack, {Class->getNameAsString()}, Ctx);
    const ConversionSite *Blocker = nullptr;
    std::string Title;
    unsigned Rewrites = 0;
    bool WantExplicit = MakeExplicit && G.Form != GreedyForm::Variadic &&
                        !Ctor->isExplicit();
    if (!Hints.empty()) {
      const SourceManager &SM = Ctx.getSourceManager();
      if (!isDeclaredInStd(Ctx.getLangOpts().CPlusPlus20 ? "remove_cvref_t" : "enable_if_t", Ctx))
        if (std::optional<FixItHint> Include = Inserter.createIncludeInsertion(
                SM.getFileID(SM.getExpansionLoc(FTD->getBeginLoc())), "<type_traits>"))
          Hints.push_back(*Include);
      Title = "constrain '" + signatureOf(Ctor) + "' to exclude '" + Class->getNameAsString() + "'";
      if (WantExplicit) {
        ConversionSiteIndex::ExplicitFix Fix = Sites.explicitFix(Ctor, Ctx);
        Blocker = Fix.Blocker;
        if (Fix.Hints.empty())
          Hints.clear(); // an explicit that breaks a site is no fix
        Hints.insert(Hints.end(), Fix.Hints.begin(), Fix.Hints.end());
        Title += ", make it explicit";
        Rewrites = Fix.RewrittenSites;
      }
    }
    std::string ClassName = Class->getNameAsString();
    Finding F = finding(Ctor, WideningKind::GreedyConstructor, Ctor->getLocation(),
                        std::string("unconstrained ") + greedyFormLabel(G.Form) +
                            " constructor template '" + signatureOf(Ctor) +
                            "' accepts any argument");
    F.note(Ctor->getLocation(), consequence(G.Form, ClassName), NoteRole::Context);
    auto It = Constructions.find(writtenDecl(Ctor));
    if (It != Constructions.end())
      noteUses(F, It->second, "this construction resolves to the template", NoteRole::Context);
    F.Latent = It == Constructions.end();
    if (!Hints.empty()) {
      F.FixAction = std::move(Title);
      F.FixRewrites = Rewrites;
    }
    F.Fixes = std::move(Hints);
    noteNoFix(F, Blocker);
    report(std::move(F));
  }
}

void GreedyConstructorCheck::resetTranslationUnit() {
  Constructions.clear();
  Found.clear();
  Sites.clear();
}

} // namespace dispatch
