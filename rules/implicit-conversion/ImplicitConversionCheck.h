// dispatch-implicit-conversion: non-explicit converting constructors and
// conversion operators, ranked by how much of the program they widen.
#pragma once

#include "../common/DispatchCheck.h"
#include "../implicit-device-transfer/ImplicitDeviceTransferCheck.h"

#include "dispatch/ConversionFacts.h"
#include "dispatch/ConversionSiteIndex.h"

namespace dispatch {

class ImplicitConversionCheck : public DispatchCheck {
public:
  ImplicitConversionCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// The conversion Written adds, when this check reports it.
  std::optional<ImplicitConversion> reportable(const clang::FunctionDecl *Written) const;

  /// Report conversions at least this broad ("templated", "ubiquitous",
  /// "ordinary").
  ConversionBreadth MinimumBreadth;
  /// Offer the fix (explicit + call-site rewrites) at all.
  bool FixCallSites;
  /// Set when dispatch-implicit-device-transfer runs too: conversions that
  /// move data across the bus are left to it.
  bool DeferTransfers;
  ImplicitDeviceTransferCheck::Config TransferConfig;

  clang::ASTContext *Ctx = nullptr;
  std::vector<ImplicitConversion> Found;
  ConversionSiteIndex Sites;
};

} // namespace dispatch
