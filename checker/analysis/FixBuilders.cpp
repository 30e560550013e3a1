#include "dispatch/FixBuilders.h"

#include "dispatch/ConversionSites.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace dispatch {

static std::string paramName(const FunctionTemplateDecl *FTD,
                             const TemplateTypeParmType *Param) {
  const TemplateParameterList *TPL = FTD->getTemplateParameters();
  if (Param->getIndex() < TPL->size())
    return TPL->getParam(Param->getIndex())->getNameAsString();
  return {};
}

std::vector<FixItHint> excludeClassFix(const FunctionTemplateDecl *FTD,
                                       const TemplateTypeParmType *Param, bool ParamIsPack,
                                       llvm::ArrayRef<std::string> ExcludedClasses,
                                       const ASTContext &Ctx) {
  const LangOptions &LO = Ctx.getLangOpts();
  const SourceManager &SM = Ctx.getSourceManager();
  const TemplateParameterList *TPL = FTD->getTemplateParameters();
  std::string Name = paramName(FTD, Param);
  SourceLocation RAngle = TPL->getRAngleLoc();
  if (Name.empty() || ExcludedClasses.empty() || !isEditableRange(SourceRange(RAngle, RAngle), SM))
    return {};
  std::string Cond;
  if (LO.CPlusPlus20) {
    // (!std::is_base_of_v<X, std::remove_cvref_t<U>> && ...)
    for (const std::string &X : ExcludedClasses) {
      if (!Cond.empty())
        Cond += " && ";
      Cond += "!std::is_base_of_v<" + X + ", std::remove_cvref_t<" + Name + ">>";
    }
    if (ParamIsPack)
      Cond = "sizeof...(" + Name + ") != 1 || ((" + Cond + ") && ...)";
    SourceLocation After = Lexer::getLocForEndOfToken(RAngle, 0, SM, LO);
    return {FixItHint::CreateInsertion(After, " requires (" + Cond + ")")};
  }
  if (!LO.CPlusPlus17 && ParamIsPack)
    return {}; // no fold expressions before C++17
  for (const std::string &X : ExcludedClasses) {
    if (!Cond.empty())
      Cond += " && ";
    Cond += "!std::is_base_of<" + X + ", std::decay_t<" + Name + ">>::value";
  }
  if (ParamIsPack)
    Cond = "sizeof...(" + Name + ") != 1 || ((" + Cond + ") && ...)";
  return {FixItHint::CreateInsertion(RAngle, ", std::enable_if_t<(" + Cond + "), int> = 0")};
}

bool isDeclaredInStd(llvm::StringRef Name, const ASTContext &Ctx) {
  const TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  IdentifierInfo *Std = &Ctx.Idents.get("std");
  IdentifierInfo *Id = &Ctx.Idents.get(Name);
  for (const NamedDecl *ND : TU->lookup(DeclarationName(Std)))
    if (const auto *NS = dyn_cast<NamespaceDecl>(ND)) {
      if (!NS->lookup(DeclarationName(Id)).empty())
        return true;
      // libstdc++ and libc++ declare through inline namespaces.
      for (const Decl *D : NS->decls())
        if (const auto *Inline = dyn_cast<NamespaceDecl>(D))
          if (Inline->isInline() && !Inline->lookup(DeclarationName(Id)).empty())
            return true;
    }
  return false;
}

} // namespace dispatch
