#include "ImplicitDeviceTransferCheck.h"

#include "dispatch/AstNavigation.h"
#include "dispatch/ConversionSites.h"
#include "dispatch/CudaFacts.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/Options.h"
#include "dispatch/TemplateFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {

ImplicitDeviceTransferCheck::ImplicitDeviceTransferCheck(llvm::StringRef Name,
                                                         tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context),
      Cfg(readConfig([this](llvm::StringRef Key, std::string Default) {
        return Options.get(Key, Default).str();
      })) {
  Sites.setFilter([this](const FunctionDecl *Written) {
    std::optional<ImplicitConversion> Conv = classifyImplicitConversion(Written);
    return Conv && isOwned(Written) && !transferReason(*Conv, Cfg).empty();
  });
}

ImplicitDeviceTransferCheck::Config ImplicitDeviceTransferCheck::readConfig(
    llvm::function_ref<std::string(llvm::StringRef, std::string)> Get) {
  Config C;
  C.DeviceTypes = splitList(Get("DeviceTypes", joinList(defaultDeviceTypes())));
  C.HostTypes = splitList(Get("HostTypes", joinList(defaultHostTypes())));
  C.TransferFunctions =
      splitList(Get("TransferFunctions", joinList(defaultTransferFunctions())));
  return C;
}

void ImplicitDeviceTransferCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  DispatchCheck::storeOptions(Opts);
  Options.store(Opts, "DeviceTypes", joinList(Cfg.DeviceTypes));
  Options.store(Opts, "HostTypes", joinList(Cfg.HostTypes));
  Options.store(Opts, "TransferFunctions", joinList(Cfg.TransferFunctions));
}

static bool isHostSide(QualType T, const std::vector<std::string> &HostTypes) {
  QualType B = bareType(T);
  return isClassNamed(T, HostTypes) || (!B.isNull() && B->isPointerType());
}

std::string ImplicitDeviceTransferCheck::transferReason(const ImplicitConversion &Conv,
                                                        const Config &C) {
  const std::vector<std::string> &DeviceTypes = C.DeviceTypes, &HostTypes = C.HostTypes;
  if (Conv.From.isNull() || Conv.To.isNull() || Conv.From->isDependentType() ||
      Conv.To->isDependentType())
    return {};
  bool FromDevice = holdsDeviceMemory(Conv.From, DeviceTypes);
  bool ToDevice = holdsDeviceMemory(Conv.To, DeviceTypes);
  if (FromDevice && !ToDevice && isHostSide(Conv.To, HostTypes))
    return "device to host";
  if (ToDevice && !FromDevice && isHostSide(Conv.From, HostTypes))
    return "host to device";
  if (!performsDeviceCopy(Conv.Decl, C.TransferFunctions))
    return {};
  if (FromDevice != ToDevice)
    return FromDevice ? "device to host" : "host to device";
  return "across the bus (its body copies between device and host)";
}

void ImplicitDeviceTransferCheck::registerCheckMatchers(MatchFinder *Finder) {
  registerConversionMatchers(Finder);
}

void ImplicitDeviceTransferCheck::checkReducedPrecisionSite(const Expr *E,
                                                            const FunctionDecl *Conversion,
                                                            bool ToFloat, ASTContext &Ctx) {
  const auto *Caller = dyn_cast_or_null<FunctionDecl>(enclosingCaller(E, Ctx));
  CudaSpace Space = cudaSpaceOf(Caller);
  if (!Caller || !runsOnDevice(Space) ||
      !ownership().isOwnedLocation(E->getBeginLoc(), Ctx.getSourceManager()))
    return;
  std::optional<ConversionSite> Site =
      ToFloat ? implicitConversionOperatorSite(cast<ImplicitCastExpr>(E), Ctx)
              : implicitConstructorSite(cast<CXXConstructExpr>(E), Ctx);
  if (!Site)
    return;
  std::string Half = reducedPrecisionName(ToFloat ? Site->Operand->getType() : E->getType());
  bool BF16 = llvm::StringRef(Half).startswith("__nv_bfloat16");
  if (Half != "__half" && Half != "__nv_bfloat16")
    return; // the vector types have no single intrinsic
  std::string Intrinsic = ToFloat ? (BF16 ? "__bfloat162float" : "__half2float")
                                  : (BF16 ? "__float2bfloat16" : "__float2half");
  // `__float2half{x}` is no call: list-initialisation gets no fix.
  const bool Fixable =
      Site->NotRewritable.empty() && (ToFloat || Site->Form == SiteForm::CopyInit);
  withFixes(diagWidening(Conversion, Site->Loc,
                 "implicit %select{'%1' to 'float'|'float' to '%1'}0 conversion through "
                 "'%2' in %3 code; the conversion operator hides a rounding step and "
                 "competes with the arithmetic overloads; call %4() explicitly")
                << (ToFloat ? 0 : 1) << Half << signatureOf(Conversion)
                << cudaSpaceLabel(Space) << Intrinsic,
            Fixable ? wrapOperand(*Site, Intrinsic + "(", Ctx) : std::vector<FixItHint>{});
}

void ImplicitDeviceTransferCheck::check(const MatchFinder::MatchResult &Result) {
  Ctx = Result.Context;
  if (const auto *E = Result.Nodes.getNodeAs<CXXConstructExpr>("construct")) {
    if (Ctx->getLangOpts().CUDA && !reducedPrecisionName(E->getType()).empty() &&
        E->getNumArgs() == 1 && bareType(E->getArg(0)->getType())->isRealFloatingType())
      checkReducedPrecisionSite(E, E->getConstructor(), /*ToFloat=*/false, *Ctx);
    return Sites.addConstruct(E, *Ctx);
  }
  if (const auto *E = Result.Nodes.getNodeAs<ImplicitCastExpr>("cast")) {
    if (Ctx->getLangOpts().CUDA && E->getType()->isRealFloatingType())
      if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E->getSubExpr()->IgnoreImplicit()))
        if (const auto *Conv = dyn_cast_or_null<CXXConversionDecl>(Call->getMethodDecl()))
          if (!reducedPrecisionName(QualType(Conv->getParent()->getTypeForDecl(), 0)).empty())
            checkReducedPrecisionSite(E, Conv, /*ToFloat=*/true, *Ctx);
    return Sites.addCast(E, *Ctx);
  }
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("decl");
  if (!FD || FD != FD->getCanonicalDecl() || isInInstantiation(FD) || !isOwned(FD))
    return;
  std::optional<ImplicitConversion> Conv = classifyImplicitConversion(FD);
  if (!Conv)
    return;
  std::string Reason = transferReason(*Conv, Cfg);
  if (!Reason.empty())
    Found.emplace_back(*Conv, Reason);
}

void ImplicitDeviceTransferCheck::onEndOfTranslationUnit() {
  for (const auto &[Conv, Reason] : Found) {
    const FunctionDecl *D = Conv.Decl;
    ConversionSiteIndex::ExplicitFix Fix = Sites.explicitFix(D, *Ctx);
    withFixes(diagWidening(D, D->getLocation(),
                   "implicit conversion '%0' from '%1' to '%2' copies data %3: every "
                   "call that needs a '%2' now accepts a '%1' and pays a hidden "
                   "transfer (%4 in this translation unit); make it explicit")
                  << signatureOf(D) << spellType(Conv.From, *Ctx) << spellType(Conv.To, *Ctx)
                  << Reason << plural(Sites.sitesOf(D).size(), "use", "uses"),
              Fix.Hints);
    noteNoFix(Fix.Blocker);
  }
  Found.clear();
  Sites.clear();
  Ctx = nullptr;
}

} // namespace dispatch
