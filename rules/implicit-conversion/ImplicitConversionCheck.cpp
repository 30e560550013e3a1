#include "ImplicitConversionCheck.h"

#include "dispatch/DiagnosticText.h"
#include "dispatch/TemplateFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

llvm::ArrayRef<std::pair<dispatch::ConversionBreadth, llvm::StringRef>>
clang::tidy::OptionEnumMapping<dispatch::ConversionBreadth>::getEnumMapping() {
  static constexpr std::pair<dispatch::ConversionBreadth, llvm::StringRef> Mapping[] = {
      {dispatch::ConversionBreadth::Templated, "templated"},
      {dispatch::ConversionBreadth::Ubiquitous, "ubiquitous"},
      {dispatch::ConversionBreadth::Ordinary, "ordinary"}};
  return Mapping;
}

namespace dispatch {

ImplicitConversionCheck::ImplicitConversionCheck(llvm::StringRef Name,
                                                 tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context),
      // A misspelt value is reported by clang-tidy, not silently replaced.
      MinimumBreadth(Options.get("MinimumBreadth", ConversionBreadth::Ordinary,
                                 /*IgnoreCase=*/true)),
      FixCallSites(boolOption("FixCallSites", true)),
      DeferTransfers(deferredToAnotherCheck("device-transfer")),
      DeferGreedy(deferredToAnotherCheck("greedy-constructor")), Transfers(transferConfig()) {
  Sites.setFilter(
      [this](const FunctionDecl *Written) { return reportable(Written).has_value(); });
}

void ImplicitConversionCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  DispatchCheck::storeOptions(Opts);
  Options.store(Opts, "MinimumBreadth", MinimumBreadth);
  storeBool(Opts, "FixCallSites", FixCallSites);
}

std::optional<ImplicitConversion>
ImplicitConversionCheck::reportable(const FunctionDecl *Written) const {
  std::optional<ImplicitConversion> Conv = classifyImplicitConversion(Written, knowledge());
  if (!Conv || Conv->Breadth > MinimumBreadth || !isOwned(Written))
    return std::nullopt;
  if (DeferTransfers && !deviceTransferReason(*Conv, Transfers).empty())
    return std::nullopt;
  if (DeferGreedy && Conv->Greedy)
    return std::nullopt;
  return Conv;
}

void ImplicitConversionCheck::registerCheckMatchers(MatchFinder *Finder) {
  registerConversionMatchers(Finder);
}

void ImplicitConversionCheck::onMatch(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *E = Result.Nodes.getNodeAs<CXXConstructExpr>("construct"))
    return Sites.addConstruct(E, Ctx);
  if (const auto *E = Result.Nodes.getNodeAs<ImplicitCastExpr>("cast"))
    return Sites.addCast(E, Ctx);
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("decl");
  if (!isWrittenDeclaration(FD))
    return;
  if (std::optional<ImplicitConversion> Conv = reportable(FD))
    Found.push_back(*Conv);
}

void ImplicitConversionCheck::finishTranslationUnit(ASTContext &Ctx) {
  for (const ImplicitConversion &Conv : Found) {
    const FunctionDecl *D = Conv.Decl;
    bool Templated = Conv.Breadth == ConversionBreadth::Templated;
    std::string From = "'" + spellType(Conv.From, Ctx) + "'";
    std::string To = "'" + spellType(Conv.To, Ctx) + "'";
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
      Fix = Sites.explicitFix(D, Ctx);

    std::string Breadth = breadthLabel(Conv.Breadth);
    if (Conv.Breadth == ConversionBreadth::Ubiquitous)
      Breadth += ": " + Conv.Why;
    Finding F = finding(D, WideningKind::ImplicitConversion, D->getLocation(),
                        std::string(Conv.IsConstructor ? "constructor" : "conversion operator") +
                            " '" + signatureOf(D) + "' makes " + From +
                            " implicitly convertible to " + To + " [" + Breadth + "]: " +
                            Widened + "; used implicitly at " +
                            plural(Uses.size(), "site", "sites") +
                            " in this translation unit; make it explicit");
    F.ImplicitUses = Uses.size();
    F.Fixes = std::move(Fix.Hints);
    noteNoFix(F, Fix.Blocker);
    report(std::move(F));
  }
}

void ImplicitConversionCheck::resetTranslationUnit() {
  Found.clear();
  Sites.clear();
}

} // namespace dispatch
