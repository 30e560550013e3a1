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
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit(clang::ASTContext &Ctx) override;
  void resetTranslationUnit() override;

  void checkReducedPrecisionSite(const clang::Expr *E, const clang::FunctionDecl *Conversion,
                                 bool ToFloat, clang::ASTContext &Ctx);

  TransferConfig Cfg;

  std::vector<std::pair<ImplicitConversion, std::string>> Found;
  ConversionSiteIndex Sites;
};

} // namespace dispatch
