// dispatch-implicit-device-transfer (CUDA): implicit conversions that move
// data between device and host, and implicit __half/__nv_bfloat16 <-> float
// conversions through conversion operators in device code.
#pragma once

#include "../common/DispatchCheck.h"

#include "dispatch/ConversionFacts.h"
#include "dispatch/ConversionSiteIndex.h"
#include "dispatch/CudaArchBranches.h"
#include "dispatch/CudaFacts.h"

namespace dispatch {

class ImplicitDeviceTransferCheck : public DispatchCheck {
public:
  ImplicitDeviceTransferCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;

private:
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit(clang::ASTContext &Ctx) override;
  void resetTranslationUnit() override;

  void checkReducedPrecisionSite(const clang::Expr *E, const clang::FunctionDecl *Conversion,
                                 bool ToFloat, clang::ASTContext &Ctx);

  void reportReducedPrecisionSites(clang::ASTContext &Ctx);

  TransferConfig Cfg;
  CudaArchBranches ArchBranches;

  /// One written site of an implicit reduced-precision conversion: a site in
  /// a template is seen once per instantiation, maybe for several types, and
  /// is reported once, naming each type.
  struct ReducedSite {
    clang::SourceLocation Loc;
    /// The conversion's expression in each instantiation: dispatch-scan's
    /// sites of this finding.
    std::vector<clang::SourceLocation> Exprs;
    bool ToFloat = false;
    bool Assignment = false; ///< `h = f` through a converting operator=
    /// The explicit form for one type: `__float2half()`, or a cast to the
    /// target's typedef as written (`static_cast<floatX>()`).
    std::string Explicit;
    CudaSpace Space = CudaSpace::Device;
    std::string Other; ///< the float-side type as spelled: 'float', 'double'
    /// Per type, in the order first seen: the type, its conversion, the intrinsic.
    std::vector<std::pair<const ReducedPrecisionType *, const clang::FunctionDecl *>> Types;
    std::vector<clang::FixItHint> Fix; ///< only while a single type was seen
    bool Fixable = true;
    /// The half type is a substituted template parameter at the site.
    bool FromTemplateArgument = false;
    /// The function template specialisations holding the site, named with
    /// their arguments (`bias_kernel<__nv_bfloat16, true>`): which
    /// instantiation narrows is what a reader needs to find a wrong argument.
    std::vector<std::string> Instantiations;
    /// float → half of a constant every type seen represents exactly
    /// (`__nv_bfloat16 z = 0.f`): nothing rounds. Its text, else empty.
    std::string ExactConstant;
  };
  std::vector<ReducedSite> Reduced;

  std::vector<std::pair<ImplicitConversion, std::string>> Found;
  ConversionSiteIndex Sites;
};

} // namespace dispatch
