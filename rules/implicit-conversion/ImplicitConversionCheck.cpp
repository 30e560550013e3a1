#include "ImplicitConversionCheck.h"

#include "dispatch/DiagnosticText.h"
#include "dispatch/TemplateFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {

static ConversionBreadth parseBreadth(llvm::StringRef S) {
  if (S.equals_insensitive("templated"))
    return ConversionBreadth::Templated;
  if (S.equals_insensitive("ubiquitous"))
    return ConversionBreadth::Ubiquitous;
  return ConversionBreadth::Ordinary;
}

ImplicitConversionCheck::ImplicitConversionCheck(llvm::StringRef Name,
                                                 tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context),
      MinimumBreadth(parseBreadth(Options.get("MinimumBreadth", "ordinary"))),
      FixCallSites(boolOption("FixCallSites", true)),
      DeferTransfers(isEnabled("dispatch-implicit-device-transfer")),
      TransferConfig(ImplicitDeviceTransferCheck::readConfig(
          [this](llvm::StringRef Key, std::string Default) {
            return otherCheckOption("dispatch-implicit-device-transfer", Key, Default);
          })) {
  Sites.setFilter(
      [this](const FunctionDecl *Written) { return reportable(Written).has_value(); });
}

void ImplicitConversionCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  DispatchCheck::storeOptions(Opts);
  Options.store(Opts, "MinimumBreadth", breadthLabel(MinimumBreadth));
  storeBool(Opts, "FixCallSites", FixCallSites);
}

std::optional<ImplicitConversion>
ImplicitConversionCheck::reportable(const FunctionDecl *Written) const {
  std::optional<ImplicitConversion> Conv = classifyImplicitConversion(Written);
  if (!Conv || Conv->Breadth > MinimumBreadth || !isOwned(Written))
    return std::nullopt;
  if (DeferTransfers &&
      !ImplicitDeviceTransferCheck::transferReason(*Conv, TransferConfig).empty())
    return std::nullopt;
  return Conv;
}

void ImplicitConversionCheck::registerCheckMatchers(MatchFinder *Finder) {
  registerConversionMatchers(Finder);
}

void ImplicitConversionCheck::check(const MatchFinder::MatchResult &Result) {
  Ctx = Result.Context;
  if (const auto *E = Result.Nodes.getNodeAs<CXXConstructExpr>("construct"))
    return Sites.addConstruct(E, *Ctx);
  if (const auto *E = Result.Nodes.getNodeAs<ImplicitCastExpr>("cast"))
    return Sites.addCast(E, *Ctx);
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("decl");
  // One report per declaration as written: skip instantiations and
  // out-of-line redeclarations.
  if (!FD || FD != FD->getCanonicalDecl() || isInInstantiation(FD) ||
      FD->isTemplateInstantiation())
    return;
  if (std::optional<ImplicitConversion> Conv = reportable(FD))
    Found.push_back(*Conv);
}

void ImplicitConversionCheck::onEndOfTranslationUnit() {
  if (!Ctx) {
    Found.clear();
    return;
  }
  for (const ImplicitConversion &Conv : Found) {
    const FunctionDecl *D = Conv.Decl;
    bool Templated = Conv.Breadth == ConversionBreadth::Templated;
    std::string From = "'" + spellType(Conv.From, *Ctx) + "'";
    std::string To = "'" + spellType(Conv.To, *Ctx) + "'";
    if (Templated && Conv.IsConstructor)
      From = "any type";
    if (Templated && !Conv.IsConstructor)
      To = "any type";
    // "every overload taking 'X' now also accepts 'int'"
    std::string Widened = Templated && !Conv.IsConstructor
                              ? "every overload set now also accepts " + From
                          : Templated ? "every overload taking " + To + " now accepts any argument"
                                      : "every overload taking " + To + " now also accepts " + From;
    llvm::ArrayRef<ConversionSite> Uses = Sites.sitesOf(D);
    ConversionSiteIndex::ExplicitFix Fix;
    if (FixCallSites)
      Fix = Sites.explicitFix(D, *Ctx);

    std::string Breadth = breadthLabel(Conv.Breadth);
    if (Conv.Breadth == ConversionBreadth::Ubiquitous)
      Breadth += ": " + Conv.Why;
    withFixes(diagWidening(D, D->getLocation(),
                   "%select{constructor|conversion operator}0 '%1' makes %2 implicitly "
                   "convertible to %3 [%4]: %5; used implicitly at %6 in this "
                   "translation unit; make it explicit")
                  << (Conv.IsConstructor ? 0 : 1) << signatureOf(D) << From << To << Breadth
                  << Widened << plural(Uses.size(), "site", "sites"),
              Fix.Hints);
    noteNoFix(Fix.Blocker);
  }
  Found.clear();
  Sites.clear();
  Ctx = nullptr;
}

} // namespace dispatch
