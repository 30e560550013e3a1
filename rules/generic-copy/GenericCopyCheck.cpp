#include "GenericCopyCheck.h"

#include "../common/Matchers.h"
#include "dispatch/AstNavigation.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/HijackAnalysis.h"
#include "dispatch/Options.h"
#include "dispatch/TemplateFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {

GenericCopyCheck::GenericCopyCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context),
      CopyFunctions(splitList(Options.get("CopyFunctions", CopyFamily::DefaultPatterns))),
      Family({}) {
  std::vector<std::string> Invalid;
  Family = CopyFamily(CopyFunctions, &Invalid);
  for (const std::string &I : Invalid)
    configurationDiag("invalid name pattern in option 'CopyFunctions': %0") << I;
}

void GenericCopyCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  DispatchCheck::storeOptions(Opts);
  Options.store(Opts, "CopyFunctions", joinList(CopyFunctions));
}

bool GenericCopyCheck::isCopyName(const NamedDecl *D) const {
  const IdentifierInfo *Id = D->getIdentifier();
  return Id && Family.matches(Id->getName());
}

void GenericCopyCheck::registerCheckMatchers(MatchFinder *Finder) {
  auto Written = unless(isExpansionInSystemHeader());
  Finder->addMatcher(functionTemplateDecl(Written, matchers::isWrittenDeclaration()).bind("tmpl"),
                     this);
  Finder->addMatcher(callExpr(Written, callee(functionDecl(isTemplateInstantiation()))).bind("call"),
                     this);
}

void GenericCopyCheck::onMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call")) {
    if (const FunctionDecl *Callee = Call->getDirectCallee(); Callee && isCopyName(Callee))
      if (std::optional<CallSite> Site = callSiteOf(Call))
        Calls.push_back(*Site);
    return;
  }
  const auto *FTD = Result.Nodes.getNodeAs<FunctionTemplateDecl>("tmpl");
  if (FTD && Family.isCopyTemplate(FTD) && isOwned(FTD))
    Found.push_back(FTD);
}

void GenericCopyCheck::finishTranslationUnit(ASTContext &Ctx) {
  OverloadOracle *O = oracle();
  for (const FunctionTemplateDecl *FTD : Found) {
    if (!isBroadlyUnconstrained(FTD, O))
      continue;
    // Calls this template takes from a more specific overload: what they
    // would resolve to without it.
    std::vector<std::pair<const CallSite *, const FunctionDecl *>> Taken;
    for (const CallSite &Site : Calls) {
      if (!isSpecializationOf(Site.Chosen, FTD))
        continue;
      const Decl *Caller = enclosingCaller(Site.E, Ctx);
      if (O) {
        if (std::optional<OracleHijack> H = findHijack(*O, Site, Caller))
          Taken.push_back({&Site, H->Skipped});
      } else if (const auto *Call = dyn_cast<CallExpr>(Site.E)) {
        if (std::optional<Hijack> H = findHijack(Call, [&] { return Caller; }, Ctx))
          Taken.push_back({&Site, H->Skipped});
      }
    }
    const FunctionDecl *FD = FTD->getTemplatedDecl();
    // No fix-it: constraining the template sends derived objects to the
    // specific overload, which returns the base type; whether that slicing is
    // what the caller wanted is a person's decision.
    Finding F = finding(FD, WideningKind::GenericCopy, FD->getLocation(),
                        "generic '" + signatureOf(FD) + "' accepts any type");
    // The effects are the calls it takes (its dependents in dispatch-scan);
    // a call it wins with no specific overload to take it from is the
    // template's own use, not an invalidation.
    std::vector<SourceLocation> TakenAt;
    for (const auto &[Site, Skipped] : Taken)
      TakenAt.push_back(Site->Loc);
    F.Latent = !anyShipped(TakenAt, F);
    if (F.Latent && TakenAt.empty() && llvm::any_of(Calls, [&](const CallSite &Site) {
          return isSpecializationOf(Site.Chosen, FTD);
        }))
      F.LatentReason = "latent: the calls that resolve to it here would resolve to no "
                       "specific overload without it (shown by the ReportLatent option)";
    F.DependentSites = std::move(TakenAt);
    if (!Taken.empty())
      F.note(FD->getLocation(),
             "it takes " + plural(Taken.size(), "call", "calls") +
                 " in this translation unit from a more specific overload",
             NoteRole::Context);
    F.WonCalls = Taken.size();
    std::vector<WonCall> TakenNotes;
    for (const auto &[Site, Skipped] : Taken)
      TakenNotes.push_back({Site, "this call resolves to the template",
                            Skipped ? Outcome::Function : Outcome::Builtin, Skipped});
    noteWonCalls(F, TakenNotes, "it takes in this translation unit");
    if (!O && !Taken.empty())
      noteModelFallback(F);
    report(std::move(F));
  }
}

void GenericCopyCheck::resetTranslationUnit() {
  Found.clear();
  Calls.clear();
}

} // namespace dispatch
