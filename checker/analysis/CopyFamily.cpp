#include "dispatch/CopyFamily.h"

#include "dispatch/TemplateFacts.h"

#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/STLExtras.h"

namespace dispatch {

using namespace clang;

/// One parameter that takes any type or a pointer to any type, nothing else
/// required: `T f(const T&)`, `f(T&&)`, `f(T*)`; namespace scope or static.
bool isGenericCopyShape(const FunctionTemplateDecl *FTD) {
  const FunctionDecl *FD = FTD->getTemplatedDecl();
  if (isa<CXXMethodDecl>(FD) && !cast<CXXMethodDecl>(FD)->isStatic())
    return false;
  if (FD->getMinRequiredArguments() != 1 || FD->getNumParams() < 1)
    return false;
  ParamShape Shape = classifyParam(FD->getParamDecl(0), FTD);
  if (Shape.IsPack)
    return false;
  if (acceptsAnyType(Shape.Form))
    return true;
  QualType P = FD->getParamDecl(0)->getType().getNonReferenceType();
  if (const auto *Ptr = P->getAs<PointerType>())
    if (const auto *Parm = Ptr->getPointeeType()->getAs<TemplateTypeParmType>())
      return Parm->getDepth() == FTD->getTemplateParameters()->getDepth();
  return false;
}


CopyFamily::CopyFamily(const std::vector<std::string> &Patterns,
                       std::vector<std::string> *Invalid) {
  for (const std::string &P : Patterns) {
    Texts.push_back(std::make_unique<std::string>(P));
    llvm::Expected<llvm::GlobPattern> G = llvm::GlobPattern::create(*Texts.back());
    if (G) {
      Globs.push_back(std::move(*G));
      continue;
    }
    if (Invalid)
      Invalid->push_back(P + ": " + llvm::toString(G.takeError()));
    else
      llvm::consumeError(G.takeError());
  }
}

bool CopyFamily::matches(llvm::StringRef Name) const {
  return llvm::any_of(Globs, [&](const llvm::GlobPattern &G) { return G.match(Name); });
}

} // namespace dispatch
