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
  Finder->addMatcher(cxxOperatorCallExpr(hasOverloadedOperatorName("="),
                                         unless(isExpansionInSystemHeader()))
                         .bind("assign"),
                     this);
}

/// The constant Operand's text when its value is exactly representable in
/// Half's format ("0", "0.5"), else empty.
static std::string exactConstant(const Expr *Operand, const ReducedPrecisionType &Half,
                                 const ASTContext &Ctx) {
  llvm::APFloat Value(0.0f);
  if (Half.Format.empty() || Operand->isValueDependent() ||
      !Operand->IgnoreImpCasts()->EvaluateAsFloat(Value, Ctx))
    return "";
  llvm::APFloat Converted = Value;
  bool LosesInfo = false;
  Converted.convert(Half.Format == "bfloat16" ? llvm::APFloat::BFloat() : llvm::APFloat::IEEEhalf(),
                    llvm::APFloat::rmNearestTiesToEven, &LosesInfo);
  if (LosesInfo)
    return "";
  llvm::SmallString<16> Text;
  Value.toString(Text);
  return Text.str().str();
}

void ImplicitDeviceTransferCheck::checkReducedPrecisionSite(const Expr *E,
                                                            const FunctionDecl *Conversion,
                                                            bool ToFloat, ASTContext &Ctx) {
  const auto *Caller = dyn_cast_or_null<FunctionDecl>(enclosingCaller(E, Ctx));
  CudaSpace Space = cudaSpaceOf(Caller);
  if (!Caller || !runsOnDevice(Space) ||
      !ownership().isOwnedLocation(E->getBeginLoc(), Ctx.getSourceManager()))
    return;
  // The site, the reduced-precision side and (narrowing) the float operand:
  // `float f = h` (conversion operator), `__half h = f` (converting
  // constructor), `h = f` (converting assignment).
  std::optional<ConversionSite> Site;
  QualType HalfType;
  const Expr *FloatOperand = nullptr;
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if ((Site = implicitConversionOperatorSite(Cast, Ctx)))
      HalfType = Site->Operand->getType();
  } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    Site = implicitConstructorSite(Construct, Ctx);
    HalfType = E->getType();
    FloatOperand = Construct->getArg(0);
  } else if (const auto *Assign = dyn_cast<CXXOperatorCallExpr>(E)) {
    Site = implicitAssignmentSite(Assign, Ctx);
    HalfType = Assign->getArg(0)->getType();
    FloatOperand = Assign->getArg(1);
  }
  if (!Site || Site->Unevaluated)
    return;
  // The host pass reads a device-only body's `#if __CUDA_ARCH__` chains
  // with the macro undefined: a branch no device build of the target
  // compiles; the device pass judges what the device runs.
  if (Ctx.getLangOpts().CUDA && !Ctx.getLangOpts().CUDAIsDevice && Space != CudaSpace::HostDevice &&
      ArchBranches.contains(Site->Loc, Ctx.getSourceManager()))
    return;
  const ReducedPrecisionType *Half = reducedPrecisionOf(HalfType, knowledge());
  if (!Half || Half->ToFloat.empty() || Half->FromFloat.empty())
    return; // the vector types have no single intrinsic
  std::string Explicit = (ToFloat ? Half->ToFloat : Half->FromFloat) + "(";
  // A target written through a typedef (llm.c's `floatX`, switched between
  // float, __half and __nv_bfloat16 by the build) keeps its name: the
  // intrinsic would tie the code to one configuration.
  if (!ToFloat && !Site->TargetSpelling.empty() && Site->TargetSpelling != Half->Type)
    Explicit = "static_cast<" + Site->TargetSpelling + ">(";
  // A half type that reaches the site as a template argument (a kernel's
  // `OutFloat`, which the build or another instantiation sets to float) has
  // no spelling at the site that every configuration shares: no fix, and a
  // note says why — unless the object's type spells the argument (`x128 out;
  // out[k] = f;` with `x128` a typedef of `Packed128<floatX>`), which the
  // site's TargetSpelling then names (`static_cast<floatX>`).
  // An object whose type spells the argument through the kernel's own
  // parameter (tiny-cuda-nn's `MatrixView<T> reduced; reduced(j, i) = x;`)
  // names nothing every instantiation shares either.
  const auto *Assign = dyn_cast<CXXOperatorCallExpr>(E);
  QualType Spelled = Assign ? writtenArgumentOfResult(Assign->getArg(0)) : QualType();
  const bool FromTemplateArgument = isSubstitutedTemplateParameter(HalfType) &&
                                    (Spelled.isNull() || isSubstitutedTemplateParameter(Spelled));
  // `__float2half{x}` is no call: list-initialisation gets no fix.
  const bool Fixable = Site->NotRewritable.empty() && !FromTemplateArgument &&
                       (ToFloat || Site->Form == SiteForm::CopyInit);
  // A site of a template is the pattern's location in every instantiation.
  auto It = llvm::find_if(Reduced, [&](const ReducedSite &R) {
    return R.Loc == Site->Loc && R.ToFloat == ToFloat;
  });
  if (It == Reduced.end()) {
    ReducedSite R;
    R.Loc = Site->Loc;
    R.ToFloat = ToFloat;
    R.Assignment = isa<CXXOperatorCallExpr>(E);
    R.Space = Space;
    R.Other = ToFloat ? "float" : spellType(FloatOperand->getType(), Ctx);
    R.Fixable = Fixable;
    R.FromTemplateArgument = FromTemplateArgument;
    R.Explicit = Explicit + ")";
    if (Fixable)
      R.Fix = wrapOperand(*Site, Explicit, Ctx);
    if (!ToFloat)
      R.ExactConstant = exactConstant(FloatOperand, *Half, Ctx);
    Reduced.push_back(std::move(R));
    It = std::prev(Reduced.end());
  }
  if (Caller->isTemplateInstantiation() && Caller->getTemplateSpecializationArgs()) {
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    PrintingPolicy Policy = Ctx.getPrintingPolicy();
    Policy.SuppressTagKeyword = true;
    Caller->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
    if (!llvm::is_contained(It->Instantiations, OS.str()))
      It->Instantiations.push_back(OS.str());
  }
  if (!llvm::is_contained(It->Exprs, E->getBeginLoc()))
    It->Exprs.push_back(E->getBeginLoc());
  const FunctionDecl *Written = writtenDecl(Conversion);
  if (llvm::none_of(It->Types, [&](const auto &T) { return T.first == Half; })) {
    It->Types.emplace_back(Half, Written);
    if (!ToFloat && exactConstant(FloatOperand, *Half, Ctx).empty())
      It->ExactConstant.clear(); // rounds in one of the types
  }
  if (It->Types.size() > 1 || !Fixable) {
    It->Fixable = false;
    It->Fix.clear();
  }
}

/// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
static std::string joinQuoted(const std::vector<std::string> &Items, llvm::StringRef Quote,
                              llvm::StringRef Last = " and ") {
  std::string Out;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (I)
      Out += I + 1 == Items.size() ? Last.str() : ", ";
    Out += (Quote + Items[I] + Quote).str();
  }
  return Out;
}

void ImplicitDeviceTransferCheck::reportReducedPrecisionSites(ASTContext &Ctx) {
  for (ReducedSite &R : Reduced) {
    std::vector<std::string> Types, Conversions, Intrinsics;
    for (const auto &[Half, Conversion] : R.Types) {
      Types.push_back(Half->Type);
      Conversions.push_back(signatureOf(Conversion));
      Intrinsics.push_back(R.Types.size() == 1 ? R.Explicit
                                               : (R.ToFloat ? Half->ToFloat : Half->FromFloat) + "()");
    }
    std::string Half = joinQuoted(Types, "'"), Other = "'" + R.Other + "'";
    Finding F = finding(R.Types.front().second, WideningKind::ReducedPrecision, R.Loc,
                        "implicit " + (R.ToFloat ? Half + " to " + Other : Other + " to " + Half) +
                            " conversion in " + cudaSpaceLabel(R.Space) + " code");
    // Widening to float is exact; narrowing from float (or double) rounds,
    // unless the value is a constant the type represents exactly.
    std::string Through = R.Assignment ? "the implicit converting assignment "
                                       : "the implicit converting constructor ";
    std::string Exactness = R.ToFloat ? "exact, but through the implicit conversion operator "
                            : R.ExactConstant.empty()
                                ? "rounds, through " + Through
                                : "exact for the constant " + R.ExactConstant + ", but through " +
                                      Through;
    // Where the type is a template argument (DGL's `DType` among __half,
    // __nv_bfloat16, float, double), no intrinsic fits every instantiation.
    bool PerInstantiation = R.FromTemplateArgument || R.Types.size() > 1;
    std::string Explicit = !PerInstantiation ? "the explicit form is " +
                                                         joinQuoted(Intrinsics, "", " or ")
                           : R.ToFloat ? "the explicit form for every instantiation is "
                                         "'static_cast<" + R.Other + ">'"
                                       : "the explicit form for every instantiation is a "
                                         "'static_cast' to the site's type";
    F.note(R.Loc,
           Exactness + joinQuoted(Conversions, "'") +
               "; " + Explicit,
           NoteRole::Context);
    // Widening, or a constant that survives the conversion, changes no
    // value: latent.
    // Which instantiations narrow (the first two): a template argument that
    // should not have been a half type shows here (llm.c's bias kernel
    // instantiated with UseAuxBuffer = true for the real gradient).
    if (!R.Instantiations.empty()) {
      std::string In = "'" + R.Instantiations[0] + "'";
      if (R.Instantiations.size() > 1)
        In += " and '" + R.Instantiations[1] + "'";
      if (R.Instantiations.size() > 2)
        In += " (and " + std::to_string(R.Instantiations.size() - 2) + " more)";
      F.note(R.Loc, "in the instantiation" + std::string(R.Instantiations.size() > 1 ? "s " : " ") +
                        In,
             NoteRole::Context);
    }
    if (R.FromTemplateArgument)
      F.note(R.Loc,
             "no automatic fix: the type is a template argument here, which another "
             "instantiation or build may set to another type",
             NoteRole::NoFix);
    F.Latent = R.ToFloat || !R.ExactConstant.empty();
    F.DependentSites = R.Exprs;
    for (size_t I = 1; I < R.Types.size(); ++I)
      F.AlsoDecls.push_back(R.Types[I].second);
    if (!R.Fix.empty())
      F.FixAction = "call " + joinQuoted(Intrinsics, "") + " explicitly";
    F.Fixes = std::move(R.Fix);
    report(std::move(F));
  }
}

void ImplicitDeviceTransferCheck::onMatch(const MatchFinder::MatchResult &Result) {
  ASTContext *Ctx = Result.Context;
  if (const auto *E = Result.Nodes.getNodeAs<CXXConstructExpr>("construct")) {
    if (Ctx->getLangOpts().CUDA && reducedPrecisionOf(E->getType(), knowledge()) &&
        E->getNumArgs() == 1 && bareType(E->getArg(0)->getType())->isRealFloatingType())
      checkReducedPrecisionSite(E, E->getConstructor(), /*ToFloat=*/false, *Ctx);
    return Sites.addConstruct(E, *Ctx);
  }
  if (const auto *E = Result.Nodes.getNodeAs<CXXOperatorCallExpr>("assign")) {
    const auto *Assign = dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee());
    if (Ctx->getLangOpts().CUDA && Assign && E->getNumArgs() == 2 &&
        reducedPrecisionOf(E->getArg(0)->getType(), knowledge()) &&
        bareType(E->getArg(1)->getType())->isRealFloatingType())
      checkReducedPrecisionSite(E, Assign, /*ToFloat=*/false, *Ctx);
    return;
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
  if (!FD || !isOwned(FD)) // written: the matcher's
    return;
  std::optional<ImplicitConversion> Conv = classifyImplicitConversion(FD, knowledge());
  if (!Conv)
    return;
  std::string Reason = deviceTransferReason(*Conv, Cfg);
  if (!Reason.empty())
    Found.emplace_back(*Conv, Reason);
}

void ImplicitDeviceTransferCheck::finishTranslationUnit(ASTContext &Ctx) {
  reportReducedPrecisionSites(Ctx);
  for (const auto &[Conv, Reason] : Found) {
    const FunctionDecl *D = Conv.Decl;
    ConversionSiteIndex::ExplicitFix Fix = Sites.explicitFix(D, Ctx);
    std::string From = spellType(Conv.From, Ctx), To = spellType(Conv.To, Ctx);
    // A `decltype`/`sizeof` operand transfers nothing.
    size_t Uses = llvm::count_if(Sites.sitesOf(D),
                                 [](const ConversionSite &U) { return !U.Unevaluated; });
    Finding F = finding(D, WideningKind::DeviceTransfer, D->getLocation(),
                        "implicit conversion '" + signatureOf(D) + "' copies data " + Reason);
    F.note(D->getLocation(),
           "every call that needs a '" + To + "' now accepts a '" + From +
               "' and pays a hidden transfer",
           NoteRole::Context);
    std::vector<SourceLocation> UseLocs, EffectLocs;
    for (const ConversionSite &U : Sites.sitesOf(D))
      if (!U.Unevaluated) {
        UseLocs.push_back(U.Loc);
        EffectLocs.push_back(effectLocation(U.Loc, U.Operand));
      }
    noteUses(F, UseLocs, "used implicitly here");
    F.ImplicitUses = Uses;
    F.Latent = !anyShipped(EffectLocs, F);
    attachExplicitFix(F, D, std::move(Fix));
    report(std::move(F));
  }
}

void ImplicitDeviceTransferCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                                                      Preprocessor *ModuleExpanderPP) {
  DispatchCheck::registerPPCallbacks(SM, PP, ModuleExpanderPP);
  if (PP && PP->getLangOpts().CUDA && !PP->getLangOpts().CUDAIsDevice)
    ArchBranches.attach(*PP);
}

void ImplicitDeviceTransferCheck::resetTranslationUnit() {
  ArchBranches.clear();
  Reduced.clear();
  Found.clear();
  Sites.clear();
}

} // namespace dispatch
