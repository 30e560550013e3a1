#include "dispatch/CopyFamily.h"

#include "dispatch/TemplateFacts.h"

#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/STLExtras.h"

namespace dispatch {

using namespace clang;

/// One parameter that takes any type or a pointer to any type, nothing else
/// required: `T f(const T&)`, `f(T&&)`, `f(T*)`; namespace scope or static.
/// A parameter that takes an object of any type: `T`, `const T&`, `T&`,
/// `T&&`, or a pointer to any type (`const T*`); not a pack.
static bool takesAnyObject(const ParmVarDecl *Param, const FunctionTemplateDecl *FTD) {
  ParamShape Shape = classifyParam(Param, FTD);
  if (Shape.IsPack)
    return false;
  if (acceptsAnyType(Shape.Form))
    return true;
  QualType P = Param->getType().getNonReferenceType();
  if (const auto *Ptr = P->getAs<PointerType>())
    if (const auto *Parm = Ptr->getPointeeType()->getAs<TemplateTypeParmType>())
      return Parm->getDepth() == FTD->getTemplateParameters()->getDepth();
  return false;
}

bool isGenericCopyShape(const FunctionTemplateDecl *FTD) {
  const FunctionDecl *FD = FTD->getTemplatedDecl();
  if (isa<CXXMethodDecl>(FD) && !cast<CXXMethodDecl>(FD)->isStatic())
    return false;
  // One object to copy (`deepcopy(x)`), or a source and a destination
  // (`copy_to(src, dst)`), each of any type; not iterator ranges
  // (`copy(first, last, out)`).
  unsigned Required = FD->getMinRequiredArguments();
  if ((Required != 1 && Required != 2) || FD->getNumParams() < Required)
    return false;
  for (unsigned I = 0; I < Required; ++I)
    if (!takesAnyObject(FD->getParamDecl(I), FTD))
      return false;
  return true;
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

bool CopyFamily::isCopyTemplate(const clang::FunctionTemplateDecl *FTD) const {
  return FTD->getIdentifier() && matches(FTD->getName()) && isGenericCopyShape(FTD);
}

} // namespace dispatch
