#include "dispatch/CandidateViability.h"

#include "dispatch/LLVMCompat.h"
#include "dispatch/TemplateFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace dispatch {

const char *matchRankLabel(MatchRank R) {
  switch (R) {
  case MatchRank::Exact:
    return "an exact match";
  case MatchRank::Promotion:
    return "a promotion";
  case MatchRank::Conversion:
    return "a standard conversion";
  case MatchRank::DerivedToBase:
    return "a derived-to-base conversion";
  case MatchRank::NotViable:
    return "not viable";
  }
  return "";
}

llvm::SmallVector<const Expr *, 4> callArguments(const CallExpr *Call) {
  llvm::SmallVector<const Expr *, 4> Args;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (const Expr *Obj = MC->getImplicitObjectArgument())
      Args.push_back(Obj);
  for (const Expr *A : Call->arguments()) {
    if (isa<CXXDefaultArgExpr>(A))
      break;
    Args.push_back(A);
  }
  return Args;
}

/// The argument as written, before the conversions the chosen candidate
/// needed (those are wrapped around it as implicit nodes).
static const Expr *writtenArg(const Expr *A) {
  A = A->IgnoreImplicit();
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(A))
    A = MTE->getSubExpr()->IgnoreImplicit();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(A))
    if (CE->getNumArgs() == 1 && !isa<CXXTemporaryObjectExpr>(CE) &&
        CE->getConstructor()->isCopyOrMoveConstructor())
      A = CE->getArg(0)->IgnoreImplicit();
  return A;
}

/// char, short, bool and unscoped enums: the types integral promotion lifts.
static bool isPromotableInteger(QualType T) {
  if (T->isUnscopedEnumerationType())
    return true;
  if (const auto *BT = T->getAs<BuiltinType>())
    switch (BT->getKind()) {
    case BuiltinType::Bool:
    case BuiltinType::Char_S:
    case BuiltinType::Char_U:
    case BuiltinType::SChar:
    case BuiltinType::UChar:
    case BuiltinType::Short:
    case BuiltinType::UShort:
    case BuiltinType::Char8:
    case BuiltinType::Char16:
    case BuiltinType::WChar_S:
    case BuiltinType::WChar_U:
      return true;
    default:
      break;
    }
  return false;
}

static MatchRank rankParam(QualType Param, const Expr *ArgExpr) {
  const Expr *Arg = writtenArg(ArgExpr);
  QualType A = Arg->getType();
  if (A.isNull() || A->isDependentType() || Param->isDependentType())
    return MatchRank::NotViable;
  // A non-const lvalue reference binds only to lvalues of a compatible type.
  if (const auto *LRef = Param->getAs<LValueReferenceType>())
    if (!LRef->getPointeeType().isConstQualified()) {
      if (!Arg->isLValue() || A.isConstQualified())
        return MatchRank::NotViable;
    }
  QualType P = bareType(Param), AB = bareType(A);
  if (P == AB)
    return MatchRank::Exact;
  if (P->isRecordType() || AB->isRecordType()) {
    if (isDerivedFrom(AB, P))
      return MatchRank::DerivedToBase;
    return MatchRank::NotViable; // user-defined conversions are not modelled
  }
  if (Param->isReferenceType() &&
      !Param->getAs<ReferenceType>()->getPointeeType().isConstQualified())
    return MatchRank::NotViable;
  if (P->isArithmeticType() && (AB->isArithmeticType() || AB->isUnscopedEnumerationType())) {
    if ((isPromotableInteger(AB) && P->isSpecificBuiltinType(BuiltinType::Int)) ||
        (AB->isSpecificBuiltinType(BuiltinType::Float) &&
         P->isSpecificBuiltinType(BuiltinType::Double)))
      return MatchRank::Promotion;
    return MatchRank::Conversion;
  }
  if (P->isPointerType()) {
    if (AB->isNullPtrType() || AB->isArrayType())
      return MatchRank::Conversion;
    if (AB->isPointerType()) {
      QualType PP = bareType(P->getPointeeType()), AP = bareType(AB->getPointeeType());
      if (PP == AP)
        return MatchRank::Exact;
      if (PP->isVoidType() || isDerivedFrom(AP, PP))
        return MatchRank::Conversion;
    }
    return MatchRank::NotViable;
  }
  if (P->isBooleanType() && (AB->isPointerType() || AB->isNullPtrType()))
    return MatchRank::Conversion;
  return MatchRank::NotViable;
}

MatchRank rankNonTemplate(const FunctionDecl *FD, llvm::ArrayRef<const Expr *> Args,
                          bool ArgsIncludeObject) {
  if (!FD || FD->isDeleted())
    return MatchRank::NotViable;
  llvm::SmallVector<QualType, 4> Params;
  const auto *Method = dyn_cast<CXXMethodDecl>(FD);
  bool IsMember = Method && !Method->isStatic() && !isa<CXXConstructorDecl>(FD);
  if (IsMember != ArgsIncludeObject)
    return MatchRank::NotViable; // member vs non-member operator: not modelled
  if (IsMember)
    Params.push_back(compat::thisObjectType(Method));
  for (const ParmVarDecl *P : FD->parameters())
    Params.push_back(P->getType());
  unsigned Required = FD->getMinRequiredArguments() + (IsMember ? 1 : 0);
  if (Args.size() < Required || (Args.size() > Params.size() && !FD->isVariadic()))
    return MatchRank::NotViable;
  MatchRank Worst = MatchRank::Exact;
  for (size_t I = 0; I < Args.size() && I < Params.size(); ++I) {
    MatchRank R = rankParam(Params[I], Args[I]);
    if (IsMember && I == 0 && R == MatchRank::DerivedToBase)
      R = MatchRank::Exact; // the implicit object parameter
    if (R == MatchRank::NotViable)
      return R;
    Worst = std::max(Worst, R);
  }
  return Worst;
}

bool templateAccepts(const FunctionTemplateDecl *FTD, llvm::ArrayRef<const Expr *> Args) {
  if (!FTD || !isUnconstrainedTemplate(FTD))
    return false;
  const FunctionDecl *FD = FTD->getTemplatedDecl();
  if (isa<CXXMethodDecl>(FD))
    return false; // only namespace-scope templates are modelled
  llvm::ArrayRef<ParmVarDecl *> Params = FD->parameters();
  bool HasPack = !Params.empty() && Params.back()->isParameterPack();
  if (Args.size() < FD->getMinRequiredArguments() ||
      (!HasPack && Args.size() > Params.size()))
    return false;
  llvm::DenseMap<const TemplateTypeParmType *, QualType> Deduced;
  for (size_t I = 0; I < Args.size(); ++I) {
    const ParmVarDecl *P =
        (HasPack && I + 1 >= Params.size()) ? Params.back() : Params[I];
    ParamShape Shape = classifyParam(P, FTD);
    const Expr *Arg = writtenArg(Args[I]);
    if (Shape.Form == ParamForm::Concrete) {
      if (rankParam(P->getType(), Args[I]) == MatchRank::NotViable)
        return false;
      continue;
    }
    if (!acceptsAnyType(Shape.Form))
      return false; // pattern deduction is not modelled
    if (Shape.Form == ParamForm::AnyLvalueRef && !Arg->isLValue())
      return false;
    if (Shape.IsPack)
      continue; // each pack element deduces on its own
    QualType T = bareType(Arg->getType());
    if (T.isNull() || T->isDependentType())
      return false;
    auto [It, Inserted] = Deduced.try_emplace(Shape.Param, T);
    if (!Inserted && It->second != T)
      return false; // `f(T, T)` with two different argument types
  }
  return true;
}

static bool encloses(const DeclContext *Outer, const DeclContext *Inner) {
  for (; Inner; Inner = Inner->getParent())
    if (Inner->getPrimaryContext() == Outer->getPrimaryContext())
      return true;
  return false;
}

bool isVisibleAt(const FunctionDecl *Candidate, const CallExpr *Call,
                 llvm::ArrayRef<const Expr *> Args, const Decl *Caller,
                 ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionDecl *First = Candidate->getFirstDecl();
  SourceLocation CallLoc = SM.getExpansionLoc(Call->getBeginLoc());
  SourceLocation DeclLoc = SM.getExpansionLoc(First->getLocation());
  bool DeclaredBefore = SM.isBeforeInTranslationUnit(DeclLoc, CallLoc);
  const DeclContext *NS = enclosingNamespace(First);
  if (!NS)
    return false;
  // Ordinary unqualified lookup: the candidate's namespace encloses the caller.
  if (DeclaredBefore && Caller && encloses(NS, Caller->getDeclContext()))
    return true;
  if (DeclaredBefore && NS->isTranslationUnit())
    return true;
  // Argument-dependent lookup (at the point of instantiation for templates,
  // so declaration order does not matter there).
  llvm::SmallPtrSet<const DeclContext *, 8> Associated;
  for (const Expr *A : Args)
    collectAssociatedNamespaces(writtenArg(A)->getType(), Associated);
  return Associated.count(NS->getPrimaryContext()) &&
         (DeclaredBefore || isInInstantiation(Caller));
}

} // namespace dispatch
