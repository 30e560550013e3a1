#include "Locations.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace resolve {

using namespace clang;

std::string fileOf(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return "";
  llvm::StringRef Name = SM.getFilename(SM.getExpansionLoc(Loc));
  if (Name.empty())
    return "";
  llvm::SmallString<256> Path(Name);
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path.str());
}

nlohmann::json locationJson(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return nullptr;
  SourceLocation E = SM.getExpansionLoc(Loc);
  return {{"file", fileOf(SM, E)},
          {"line", SM.getExpansionLineNumber(E)},
          {"col", SM.getExpansionColumnNumber(E)},
          {"offset", SM.getFileOffset(E)}};
}

std::string declKey(const FunctionDecl *FD) {
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(FD->getLocation());
  std::string Key = fileOf(SM, Loc) + ":" + std::to_string(SM.getFileOffset(Loc));
  if (FD->isImplicit())
    Key += "#" + signature(FD);
  return Key;
}

std::string qualifiedName(const FunctionDecl *FD) {
  // A conversion template's name holds the canonical `type-parameter-0-0`;
  // print the type as written (`operator T`) instead.
  if (const auto *Conv = dyn_cast<CXXConversionDecl>(FD))
    return Conv->getParent()->getQualifiedNameAsString() + "::operator " +
           Conv->getConversionType().getAsString(FD->getASTContext().getPrintingPolicy());
  return FD->getQualifiedNameAsString();
}

std::string signature(const FunctionDecl *FD) {
  PrintingPolicy Policy = FD->getASTContext().getPrintingPolicy();
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (isa<CXXConversionDecl>(FD))
    OS << qualifiedName(FD); // a specialisation's type is its template argument
  else
    FD->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
  OS << "(";
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    OS << (I ? ", " : "") << FD->getParamDecl(I)->getType().getAsString(Policy);
  if (FD->isVariadic())
    OS << (FD->getNumParams() ? ", ..." : "...");
  OS << ")";
  if (const auto *M = dyn_cast<CXXMethodDecl>(FD)) {
    if (M->isConst())
      OS << " const";
    if (M->getRefQualifier() == RQ_LValue)
      OS << " &";
    else if (M->getRefQualifier() == RQ_RValue)
      OS << " &&";
  }
  return Out;
}

const FunctionTemplateDecl *writtenTemplate(const FunctionDecl *FD) {
  const FunctionTemplateDecl *T = FD->getPrimaryTemplate();
  if (!T)
    return nullptr;
  // A member template of a class template instantiation is a copy of the
  // member template written in the class template.
  while (const FunctionTemplateDecl *From = T->getInstantiatedFromMemberTemplate())
    T = From;
  return T->getCanonicalDecl();
}

const FunctionDecl *writtenDeclaration(const FunctionDecl *FD) {
  if (const FunctionTemplateDecl *T = writtenTemplate(FD)) {
    // An explicit specialisation is written by the user; an implicit one is
    // the template's pattern.
    if (FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
      return FD->getCanonicalDecl();
    return T->getTemplatedDecl()->getCanonicalDecl();
  }
  const FunctionDecl *D = FD;
  while (const FunctionDecl *From = D->getInstantiatedFromMemberFunction())
    D = From;
  return D->getCanonicalDecl();
}

nlohmann::json redeclarationLocations(const FunctionDecl *D) {
  const SourceManager &SM = D->getASTContext().getSourceManager();
  nlohmann::json Locs = nlohmann::json::array();
  for (const FunctionDecl *R : D->redecls())
    Locs.push_back(locationJson(SM, R->getLocation()));
  return Locs;
}

bool inSystemHeader(const SourceManager &SM, SourceLocation Loc) {
  return Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc));
}

} // namespace resolve
