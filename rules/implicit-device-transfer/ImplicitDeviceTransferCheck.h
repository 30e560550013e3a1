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
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

  /// Why Conv moves data between device and host ("converts 'X' (device
  /// memory) to 'std::vector<float>' (host)" / "calls cudaMemcpy"), or empty.
  /// Shared with dispatch-implicit-conversion, which leaves these to us.
  struct Config {
    std::vector<std::string> DeviceTypes, HostTypes, TransferFunctions;
  };
  static std::string transferReason(const ImplicitConversion &Conv, const Config &C);
  /// The check's options, read under `Prefix` (its own name, or
  /// dispatch-implicit-conversion asking on its behalf).
  static Config readConfig(llvm::function_ref<std::string(llvm::StringRef, std::string)> Get);

private:
  void checkReducedPrecisionSite(const clang::Expr *E, const clang::FunctionDecl *Conversion,
                                 bool ToFloat, clang::ASTContext &Ctx);

  Config Cfg;

  clang::ASTContext *Ctx = nullptr;
  std::vector<std::pair<ImplicitConversion, std::string>> Found;
  ConversionSiteIndex Sites;
};

} // namespace dispatch
