#include "dispatch/DiagnosticText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "dispatch/TemplateFacts.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace dispatch {

static PrintingPolicy signaturePolicy(const FunctionDecl *FD) {
  PrintingPolicy Policy = FD->getASTContext().getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  Policy.SuppressUnwrittenScope = true;
  Policy.AnonymousTagLocations = false; // `(lambda)`, not `(lambda at a.cpp:3:9)`
  return Policy;
}

std::string scopedNameOf(const FunctionDecl *FD) {
  if (!FD)
    return "<unknown>";
  // Scope, then the name as written: `gnn::Tensor::Tensor(...)`, not the
  // `Tensor<T>::Tensor<T>` a qualified name of a class template member gives.
  // No `(anonymous namespace)::`: the types in the same message are spelled
  // without the scopes nobody writes.
  std::string Out;
  const auto *Scope = dyn_cast<NamedDecl>(FD->getDeclContext());
  if (const auto *NS = dyn_cast_or_null<NamespaceDecl>(Scope); NS && NS->isAnonymousNamespace())
    Scope = dyn_cast<NamedDecl>(NS->getDeclContext());
  if (Scope && isa<CXXRecordDecl, NamespaceDecl>(Scope)) {
    llvm::raw_string_ostream OS(Out);
    Scope->printQualifiedName(OS, signaturePolicy(FD));
    if (!Out.empty())
      Out += "::";
  }
  if (const auto *Conv = dyn_cast<CXXConversionDecl>(FD))
    return Out + "operator " + Conv->getConversionType().getAsString(signaturePolicy(FD));
  if (isa<CXXConstructorDecl>(FD))
    return Out + cast<CXXRecordDecl>(FD->getDeclContext())->getNameAsString();
  return Out + FD->getNameAsString();
}

std::string signatureOf(const FunctionDecl *FD) {
  if (!FD)
    return "<unknown>";
  std::string Out = scopedNameOf(FD);
  if (isa<CXXConversionDecl>(FD))
    return Out;
  PrintingPolicy Policy = signaturePolicy(FD);
  Out += '(';
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    if (I)
      Out += ", ";
    Out += FD->getParamDecl(I)->getType().getAsString(Policy);
  }
  if (FD->isVariadic())
    Out += FD->getNumParams() ? ", ..." : "...";
  Out += ')';
  return Out;
}

static std::string templateArgumentsOf(const FunctionDecl *Spec) {
  const TemplateArgumentList *Args = Spec->getTemplateSpecializationArgs();
  const FunctionTemplateDecl *Primary = Spec->getPrimaryTemplate();
  if (!Args || !Primary)
    return "";
  const TemplateParameterList *Params = Primary->getTemplateParameters();
  // A parameter only a default argument gives (`class U = void`, `class E =
  // enable_if_t<...>`) is a constraint's machinery, not what the call chose.
  llvm::SmallBitVector Mentioned;
  if (const TypeSourceInfo *TSI = Primary->getTemplatedDecl()->getTypeSourceInfo())
    Mentioned = parametersMentionedIn(TSI->getTypeLoc(), Params->getDepth());
  PrintingPolicy Policy = Spec->getASTContext().getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (unsigned I = 0; I < Args->size() && I < Params->size(); ++I) {
    const NamedDecl *Param = Params->getParam(I);
    const TemplateArgument &Arg = Args->get(I);
    if (Param->getName().empty() || (Param->isTemplateParameterPack() && Arg.pack_size() == 0) ||
        (!(I < Mentioned.size() && Mentioned.test(I)) && hasDefaultArgument(Param)))
      continue;
    if (!Out.empty())
      OS << ", ";
    OS << Param->getName() << " = ";
    Arg.print(Policy, OS, /*IncludeType=*/false);
  }
  return OS.str();
}

std::string withTemplateArgumentsOf(const FunctionDecl *Spec) {
  std::string Args = templateArgumentsOf(Spec);
  return Args.empty() ? "" : " (with " + Args + ")";
}

std::string nameOf(const NamedDecl *D) {
  if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
    D = FTD->getTemplatedDecl();
  // A constructor's name is its class's type, canonical in a partial
  // specialisation (`tvec<type-parameter-0-0, 2, ALIGNMENT>`): its
  // arguments as written there (`tvec<T, 2, ALIGNMENT>`).
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(D))
    if (const auto *PS = dyn_cast<ClassTemplatePartialSpecializationDecl>(Ctor->getParent())) {
      std::string Out = PS->getNameAsString();
      llvm::raw_string_ostream OS(Out);
      printTemplateArgumentList(OS, PS->getTemplateArgsAsWritten()->arguments(),
                                signaturePolicy(Ctor));
      return OS.str();
    }
  if (const auto *Conv = dyn_cast<CXXConversionDecl>(D)) {
    PrintingPolicy Policy = D->getASTContext().getPrintingPolicy();
    Policy.SuppressTagKeyword = true;
    return "operator " + Conv->getConversionType().getAsString(Policy);
  }
  return D->getNameAsString();
}

std::string qualifiedNameOf(const NamedDecl *D) {
  if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
    D = FTD->getTemplatedDecl();
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return scopedNameOf(FD);
  return D->getQualifiedNameAsString();
}

std::string shortLocation(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return "<unknown>";
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "<unknown>";
  return (llvm::sys::path::filename(P.getFilename()) + ":" + llvm::Twine(P.getLine())).str();
}

std::string plural(unsigned N, const char *Singular, const char *Plural) {
  return std::to_string(N) + " " + (N == 1 ? Singular : Plural);
}

} // namespace dispatch
