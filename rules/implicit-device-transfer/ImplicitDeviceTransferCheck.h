// dispatch-implicit-device-transfer (CUDA): implicit conversions that move
// data between device and host, and implicit __half/__nv_bfloat16 <-> float
// conversions through conversion operators in device code.
#pragma once

#include "../common/DispatchCheck.h"

#include "dispatch/ConversionFacts.h"
#include "dispatch/ConversionSiteIndex.h"

namespace dispatch {

class ImplicitDeviceTransferCheck : public DispatchCheck {
public:
  ImplicitDeviceTransferCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

  /// Why Conv moves data between device and host ("converts 'X' (device
  /// memory) to 'std::vector<float>' (host)" / "calls cudaMemcpy"), or empty.
  /// Shared with dispatch-implicit-conversion, which leaves these to us.
  static std::string transferReason(const ImplicitConversion &Conv,
                                    const std::vector<std::string> &DeviceTypes,
                                    const std::vector<std::string> &HostTypes);

private:
  void checkReducedPrecisionSite(const clang::Expr *E, const clang::FunctionDecl *Conversion,
                                 bool ToFloat, clang::ASTContext &Ctx);

  std::vector<std::string> DeviceTypes;
  std::vector<std::string> HostTypes;

  clang::ASTContext *Ctx = nullptr;
  std::vector<std::pair<ImplicitConversion, std::string>> Found;
  ConversionSiteIndex Sites;
};

} // namespace dispatch
