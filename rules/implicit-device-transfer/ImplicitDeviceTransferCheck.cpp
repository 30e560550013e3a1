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
    : DispatchCheck(Name, Context), Cfg(transferConfig()) {
  Sites.setFilter([this](const FunctionDecl *Written) {
    std::optional<ImplicitConversion> Conv = classifyImplicitConversion(Written, knowledge());
    return Conv && isOwned(Written) && !deviceTransferReason(*Conv, Cfg).empty();
  });
}

void ImplicitDeviceTransferCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  DispatchCheck::storeOptions(Opts);
  Options.store(Opts, "DeviceTypes", joinList(Cfg.DeviceTypes));
  Options.store(Opts, "HostTypes", joinList(Cfg.HostTypes));
  Options.store(Opts, "TransferFunctions", joinList(Cfg.TransferFunctions));
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
  const ReducedPrecisionType *Half =
      reducedPrecisionOf(ToFloat ? Site->Operand->getType() : E->getType(), knowledge());
  if (!Half || Half->ToFloat.empty() || Half->FromFloat.empty())
    return; // the vector types have no single intrinsic
  const std::string &Intrinsic = ToFloat ? Half->ToFloat : Half->FromFloat;
  // `__float2half{x}` is no call: list-initialisation gets no fix.
  const bool Fixable =
      Site->NotRewritable.empty() && (ToFloat || Site->Form == SiteForm::CopyInit);
  Finding F = finding(
      Conversion, WideningKind::ReducedPrecision, Site->Loc,
      "implicit " + (ToFloat ? "'" + Half->Type + "' to 'float'" : "'float' to '" + Half->Type + "'") +
          " conversion through '" + signatureOf(Conversion) + "' in " + cudaSpaceLabel(Space) +
          " code; the conversion operator hides a rounding step and competes with the "
          "arithmetic overloads; call " +
          Intrinsic + "() explicitly");
  if (Fixable)
    F.Fixes = wrapOperand(*Site, Intrinsic + "(", Ctx);
  report(std::move(F));
}

void ImplicitDeviceTransferCheck::onMatch(const MatchFinder::MatchResult &Result) {
  ASTContext *Ctx = Result.Context;
  if (const auto *E = Result.Nodes.getNodeAs<CXXConstructExpr>("construct")) {
    if (Ctx->getLangOpts().CUDA && reducedPrecisionOf(E->getType(), knowledge()) &&
        E->getNumArgs() == 1 && bareType(E->getArg(0)->getType())->isRealFloatingType())
      checkReducedPrecisionSite(E, E->getConstructor(), /*ToFloat=*/false, *Ctx);
    return Sites.addConstruct(E, *Ctx);
  }
  if (const auto *E = Result.Nodes.getNodeAs<ImplicitCastExpr>("cast")) {
    if (Ctx->getLangOpts().CUDA && E->getType()->isRealFloatingType())
      if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E->getSubExpr()->IgnoreImplicit()))
        if (const auto *Conv = dyn_cast_or_null<CXXConversionDecl>(Call->getMethodDecl()))
          if (reducedPrecisionOf(QualType(Conv->getParent()->getTypeForDecl(), 0), knowledge()))
            checkReducedPrecisionSite(E, Conv, /*ToFloat=*/true, *Ctx);
    return Sites.addCast(E, *Ctx);
  }
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("decl");
  if (!isWrittenDeclaration(FD) || !isOwned(FD))
    return;
  std::optional<ImplicitConversion> Conv = classifyImplicitConversion(FD, knowledge());
  if (!Conv)
    return;
  std::string Reason = deviceTransferReason(*Conv, Cfg);
  if (!Reason.empty())
    Found.emplace_back(*Conv, Reason);
}

void ImplicitDeviceTransferCheck::finishTranslationUnit(ASTContext &Ctx) {
  for (const auto &[Conv, Reason] : Found) {
    const FunctionDecl *D = Conv.Decl;
    ConversionSiteIndex::ExplicitFix Fix = Sites.explicitFix(D, Ctx);
    std::string From = spellType(Conv.From, Ctx), To = spellType(Conv.To, Ctx);
    size_t Uses = Sites.sitesOf(D).size();
    Finding F = finding(D, WideningKind::DeviceTransfer, D->getLocation(),
                        "implicit conversion '" + signatureOf(D) + "' from '" + From + "' to '" +
                            To + "' copies data " + Reason + ": every call that needs a '" + To +
                            "' now accepts a '" + From + "' and pays a hidden transfer (" +
                            plural(Uses, "use", "uses") +
                            " in this translation unit); make it explicit");
    F.ImplicitUses = Uses;
    F.Fixes = std::move(Fix.Hints);
    noteNoFix(F, Fix.Blocker);
    report(std::move(F));
  }
}

void ImplicitDeviceTransferCheck::resetTranslationUnit() {
  Found.clear();
  Sites.clear();
}

} // namespace dispatch
