#include "dispatch/HijackAnalysis.h"

#include "dispatch/CudaFacts.h"
#include "dispatch/TemplateFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace dispatch {

/// CUDA call rules, without the relaxed host/device tie-breaks: a host
/// function cannot call a device one and vice versa.
static bool callableFrom(const FunctionDecl *Callee, const Decl *Caller, ASTContext &Ctx) {
  if (!Ctx.getLangOpts().CUDA)
    return true;
  const auto *CallerFD = dyn_cast_or_null<FunctionDecl>(Caller);
  CudaSpace From = cudaSpaceOf(CallerFD), To = cudaSpaceOf(Callee);
  if (To == CudaSpace::HostDevice)
    return true;
  if (To == CudaSpace::Global)
    return From == CudaSpace::Host;
  if (From == CudaSpace::HostDevice)
    return true;
  bool CallerOnDevice = From == CudaSpace::Device || From == CudaSpace::Global;
  return CallerOnDevice == (To == CudaSpace::Device);
}

std::optional<Hijack> findHijack(const CallExpr *Call, ASTContext &Ctx) {
  return findHijack(
      Call, [&] { return enclosingCaller(Call, Ctx); }, Ctx);
}

std::optional<Hijack> findHijack(const CallExpr *Call, llvm::function_ref<const Decl *()> GetCaller,
                                 ASTContext &Ctx) {
  const FunctionDecl *Chosen = Call->getDirectCallee();
  if (!Chosen || isa<CXXMethodDecl>(Chosen))
    return std::nullopt;
  const FunctionTemplateDecl *FTD = primaryTemplateOf(Chosen);
  if (!FTD || !FTD->getDeclContext()->isFileContext() || !isUnconstrainedTemplate(FTD) ||
      countAnyTypeParams(FTD) == 0)
    return std::nullopt;

  // `f<4>(x)` names a template: non-template functions are not candidates.
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreImplicit()))
    if (Ref->hasExplicitTemplateArgs())
      return std::nullopt;

  llvm::SmallVector<const Expr *, 4> Args = callArguments(Call);
  // Scopes to search: the template's namespace and the arguments' namespaces.
  llvm::SmallPtrSet<const DeclContext *, 8> Scopes;
  Scopes.insert(FTD->getDeclContext()->getRedeclContext()->getPrimaryContext());
  for (const Expr *A : Args)
    collectAssociatedNamespaces(A->IgnoreImplicit()->getType(), Scopes);

  Hijack Best;
  std::optional<const Decl *> Caller;
  for (const DeclContext *DC : Scopes) {
    for (const NamedDecl *ND : DC->lookup(FTD->getDeclName())) {
      const auto *Candidate = dyn_cast<FunctionDecl>(ND->getUnderlyingDecl());
      if (!Candidate || Candidate->getDescribedFunctionTemplate() ||
          Candidate->isTemplateInstantiation() || isa<CXXMethodDecl>(Candidate))
        continue;
      MatchRank R = rankNonTemplate(Candidate, Args, /*ArgsIncludeObject=*/false);
      // An exact non-template match would have won the tie; a viable one
      // that lost needed a conversion the template did not.
      if (R == MatchRank::NotViable || R == MatchRank::Exact)
        continue;
      if (!Caller)
        Caller = GetCaller();
      if (!callableFrom(Candidate, *Caller, Ctx) ||
          !isVisibleAt(Candidate, Call, Args, *Caller, Ctx))
        continue;
      if (!Best.Skipped || R < Best.SkippedRank) {
        Best.Skipped = Candidate;
        Best.SkippedRank = R;
      }
    }
  }
  if (!Best.Skipped)
    return std::nullopt;
  Best.Chosen = Chosen;
  Best.Template = FTD;
  return Best;
}

/// `T*`, `const T*`: a pointer to anything.
static bool takesAnyPointer(const FunctionTemplateDecl *T) {
  for (const ParmVarDecl *P : T->getTemplatedDecl()->parameters()) {
    QualType Ty = P->getType().getNonReferenceType();
    if (const auto *Ptr = Ty->getAs<PointerType>())
      if (const auto *Parm = Ptr->getPointeeType()->getAs<TemplateTypeParmType>())
        if (Parm->getDepth() == T->getTemplateParameters()->getDepth())
          return true;
  }
  return false;
}

/// `template <class T> operator T()`: a conversion to anything.
static bool convertsToAnyType(const FunctionTemplateDecl *T) {
  const auto *Conv = dyn_cast<CXXConversionDecl>(T->getTemplatedDecl());
  return Conv && Conv->getConversionType().getNonReferenceType()->getAs<TemplateTypeParmType>();
}

bool hasHijackingShape(const FunctionTemplateDecl *T) {
  return T && (countAnyTypeParams(T) > 0 || takesAnyPointer(T) || convertsToAnyType(T));
}

bool isHijackingTemplate(const FunctionTemplateDecl *T, OverloadOracle *Oracle) {
  return hasHijackingShape(T) && isBroadlyUnconstrained(T, Oracle);
}

// A member template of a class template is judged also as the class
// specialisation declares it: `xbroadcast(CTA &&, shape_type &&)` names a
// class-level dependent type in the class template (which looks like a
// `typename X::type` constraint) but a concrete one in the specialisation.
bool isGenericFallback(const FunctionDecl *F, OverloadOracle &Oracle) {
  if (isHijackingTemplate(primaryTemplateOf(F), &Oracle))
    return true;
  const FunctionTemplateDecl *AsDeclared = F->getPrimaryTemplate();
  return AsDeclared && hasHijackingShape(AsDeclared) && isUnconstrainedTemplate(AsDeclared);
}

namespace {
/// Finds, in a body, a call to a specialisation of T or, in a template, a
/// dependent call whose lookup found T.
class CallsTemplate : public RecursiveASTVisitor<CallsTemplate> {
public:
  explicit CallsTemplate(const FunctionTemplateDecl *T) : T(T) {}
  bool Found = false;

  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *Callee = E->getDirectCallee(); Callee && isSpecializationOf(Callee, T))
      Found = true;
    return !Found;
  }
  bool VisitOverloadExpr(OverloadExpr *E) { // UnresolvedLookupExpr, UnresolvedMemberExpr
    for (const NamedDecl *D : E->decls())
      if (const auto *Candidate = dyn_cast<FunctionTemplateDecl>(D->getUnderlyingDecl());
          Candidate && isSpecializationOf(Candidate->getTemplatedDecl(), T))
        Found = true;
    return !Found;
  }

private:
  const FunctionTemplateDecl *T;
};
} // namespace

bool isOwnMemberDispatch(const FunctionTemplateDecl *T, const FunctionDecl *Skipped,
                         const Decl *Caller) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Caller);
  if (!Method || !T || !Skipped || !isa<CXXMethodDecl>(Skipped))
    return false;
  const CXXRecordDecl *Class = writtenClass(T->getDeclContext());
  return Class && writtenClass(Skipped->getDeclContext()) == Class &&
         writtenClass(Method->getParent()) == Class;
}

bool forwardsTo(const FunctionDecl *F, const FunctionTemplateDecl *T) {
  if (!F || !T)
    return false;
  const FunctionDecl *Definition = nullptr;
  if (!F->hasBody(Definition))
    if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
      Pattern->hasBody(Definition);
  if (!Definition || !Definition->getBody())
    return false;
  CallsTemplate Visitor(T);
  Visitor.TraverseStmt(Definition->getBody());
  return Visitor.Found;
}

bool isSpecificOverload(const FunctionDecl *F, const FunctionTemplateDecl *T,
                        OverloadOracle &Oracle) {
  return !isGenericFallback(F, Oracle) && !forwardsTo(F, T);
}

std::optional<OracleHijack> findHijack(OverloadOracle &Oracle, const CallSite &Site,
                                       const Decl *Caller) {
  const FunctionTemplateDecl *T = primaryTemplateOf(Site.Chosen);
  if (!isHijackingTemplate(T, &Oracle))
    return std::nullopt;
  std::optional<Resolution> Without = Oracle.resolve(
      Site, Caller, [&](const FunctionDecl *F) { return isSpecializationOf(F, T); });
  if (!Without)
    return std::nullopt;
  if (Without->Result == Outcome::Builtin)
    return OracleHijack{T, nullptr};
  // Two templates for any type, one more specialised, or a function that
  // forwards to the template: neither is the specific overload a hijack
  // skips.
  if (Without->Result != Outcome::Function || !isSpecificOverload(Without->Function, T, Oracle) ||
      isOwnMemberDispatch(T, Without->Function, Caller))
    return std::nullopt;
  return OracleHijack{T, Without->Function};
}

} // namespace dispatch
