#include "dispatch/CudaFacts.h"

#include "dispatch/ConversionFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace dispatch {

CudaSpace cudaSpaceOf(const FunctionDecl *FD) {
  if (!FD)
    return CudaSpace::Host;
  if (FD->hasAttr<CUDAGlobalAttr>())
    return CudaSpace::Global;
  bool Device = FD->hasAttr<CUDADeviceAttr>();
  bool Host = FD->hasAttr<CUDAHostAttr>();
  if (Device && Host)
    return CudaSpace::HostDevice;
  return Device ? CudaSpace::Device : CudaSpace::Host;
}

const char *cudaSpaceLabel(CudaSpace S) {
  switch (S) {
  case CudaSpace::Host:
    return "__host__";
  case CudaSpace::Device:
    return "__device__";
  case CudaSpace::HostDevice:
    return "__host__ __device__";
  case CudaSpace::Global:
    return "__global__";
  }
  return "";
}

bool runsOnDevice(CudaSpace S) { return S != CudaSpace::Host; }

const ReducedPrecisionType *reducedPrecisionOf(QualType T, const Knowledge &K) {
  std::string Name = qualifiedClassName(T);
  return Name.empty() ? nullptr : K.reducedPrecision(Name);
}

bool functionNameMatches(const FunctionDecl *F, llvm::ArrayRef<std::string> Patterns) {
  if (!F->getIdentifier())
    return false;
  std::string Qualified = F->getQualifiedNameAsString();
  for (const std::string &P : Patterns) {
    StringRef Pattern(P);
    StringRef Name = Pattern.contains("::") ? StringRef(Qualified) : F->getName();
    if (Pattern.ends_with("*") ? Name.starts_with(Pattern.drop_back()) : Name == Pattern)
      return true;
  }
  return false;
}

namespace {
class CopyFinder : public RecursiveASTVisitor<CopyFinder> {
public:
  CopyFinder(unsigned Depth, const std::vector<std::string> &Transfers, const Knowledge &K,
             llvm::SmallPtrSetImpl<const FunctionDecl *> &Seen)
      : Depth(Depth), Transfers(Transfers), K(K), Seen(Seen) {}
  bool Found = false;

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Direct = Call->getDirectCallee();
    if (Direct && functionNameMatches(Direct, Transfers)) {
      Found = true;
      return false;
    }
    if (Depth > 0)
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        if (visitCallee(Callee))
          return false;
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    // host_vector(device_vector) and the reverse copy across the bus.
    if (E->getNumArgs() >= 1 && isClassNamed(E->getType(), K.CopyingContainers) &&
        isClassNamed(E->getArg(0)->getType(), K.CopyingFrom) &&
        qualifiedClassName(E->getType()) != qualifiedClassName(E->getArg(0)->getType())) {
      Found = true;
      return false;
    }
    if (Depth > 0 && visitCallee(E->getConstructor()))
      return false;
    return true;
  }

private:
  bool visitCallee(const FunctionDecl *Callee) {
    const FunctionDecl *Def = Callee->getDefinition();
    if (!Def || !Def->hasBody() || !Seen.insert(Def).second)
      return false;
    if (Def->getASTContext().getSourceManager().isInSystemHeader(Def->getLocation()))
      return false;
    CopyFinder Inner(Depth - 1, Transfers, K, Seen);
    Inner.TraverseStmt(Def->getBody());
    Found = Inner.Found;
    return Found;
  }
  unsigned Depth;
  const std::vector<std::string> &Transfers;
  const Knowledge &K;
  llvm::SmallPtrSetImpl<const FunctionDecl *> &Seen;
};

class MallocFinder : public RecursiveASTVisitor<MallocFinder> {
public:
  MallocFinder(const CXXRecordDecl *RD, const Knowledge &K) : Class(RD), K(K) {}
  bool Found = false;
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() == 0)
      return true;
    if (!functionNameMatches(Callee, K.DeviceAllocationFunctions))
      return true;
    const Expr *Dest = Call->getArg(0)->IgnoreParenCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Dest))
      if (UO->getOpcode() == UO_AddrOf)
        if (const auto *ME = dyn_cast<MemberExpr>(UO->getSubExpr()->IgnoreParenCasts()))
          if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
            if (FD->getParent()->getCanonicalDecl() == Class->getCanonicalDecl()) {
              Found = true;
              return false;
            }
    return true;
  }

private:
  const CXXRecordDecl *Class;
  const Knowledge &K;
};
} // namespace

bool performsDeviceCopy(const FunctionDecl *FD, const std::vector<std::string> &TransferFunctions,
                        const Knowledge &K, unsigned Depth) {
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  if (!Def || !Def->hasBody())
    return false;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  Seen.insert(Def);
  CopyFinder Finder(Depth, TransferFunctions, K, Seen);
  Finder.TraverseStmt(Def->getBody());
  return Finder.Found;
}

bool allocatesDeviceMemory(const CXXRecordDecl *RD, const Knowledge &K) {
  if (!RD || !RD->hasDefinition())
    return false;
  RD = RD->getDefinition();
  for (const CXXMethodDecl *M : RD->methods()) {
    const FunctionDecl *Def = M->getDefinition();
    if (!Def || !Def->hasBody())
      continue;
    MallocFinder Finder(RD, K);
    Finder.TraverseStmt(Def->getBody());
    if (Finder.Found)
      return true;
  }
  return false;
}

bool holdsDeviceMemory(QualType T, const std::vector<std::string> &DeviceTypes,
                       const Knowledge &K) {
  if (isClassNamed(T, DeviceTypes))
    return true;
  const CXXRecordDecl *RD = bareType(T)->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return false;
  if (allocatesDeviceMemory(RD, K))
    return true;
  for (const FieldDecl *F : RD->getDefinition()->fields())
    if (isClassNamed(F->getType(), DeviceTypes))
      return true;
  return false;
}

static bool isHostSide(QualType T, const std::vector<std::string> &HostTypes) {
  QualType B = bareType(T);
  return isClassNamed(T, HostTypes) || (!B.isNull() && B->isPointerType());
}

/// The instantiations of a class template's member M in the TU's
/// specialisations of its class.
static std::vector<const FunctionDecl *> memberInstances(const FunctionDecl *M) {
  std::vector<const FunctionDecl *> Out;
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(M);
  const ClassTemplateDecl *CTD = Method ? Method->getParent()->getDescribedClassTemplate() : nullptr;
  if (!CTD)
    return Out;
  for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations())
    for (const Decl *D : Spec->decls())
      if (const auto *I = dyn_cast<CXXMethodDecl>(D);
          I && I->getInstantiatedFromMemberFunction() == Method)
        Out.push_back(I);
  return Out;
}

std::string deviceTransferReason(const ImplicitConversion &Conv, const TransferConfig &C) {
  if (Conv.From.isNull() || Conv.To.isNull())
    return {};
  // A member of a class template (`DeviceVector<T>::operator std::vector<T>`)
  // is judged on the TU's specialisations of its class, where the types are
  // concrete and the body's calls resolved: a transfer if one of them is.
  if (Conv.From->isDependentType() || Conv.To->isDependentType()) {
    for (const FunctionDecl *Instance : memberInstances(Conv.Decl))
      if (std::optional<ImplicitConversion> Concrete = classifyImplicitConversion(Instance, *C.K))
        if (!Concrete->From.isNull() && !Concrete->To.isNull() &&
            !Concrete->From->isDependentType() && !Concrete->To->isDependentType())
          if (std::string Reason = deviceTransferReason(*Concrete, C); !Reason.empty())
            return Reason;
    return {};
  }
  bool FromDevice = holdsDeviceMemory(Conv.From, C.DeviceTypes, *C.K);
  bool ToDevice = holdsDeviceMemory(Conv.To, C.DeviceTypes, *C.K);
  if (FromDevice && !ToDevice && isHostSide(Conv.To, C.HostTypes))
    return "device to host";
  if (ToDevice && !FromDevice && isHostSide(Conv.From, C.HostTypes))
    return "host to device";
  if (!performsDeviceCopy(Conv.Decl, C.TransferFunctions, *C.K))
    return {};
  if (FromDevice != ToDevice)
    return FromDevice ? "device to host" : "host to device";
  return "across the bus (its body copies between device and host)";
}

} // namespace dispatch
