#include "dispatch/AstNavigation.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprConcepts.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/TypeLoc.h"

using namespace clang;

namespace dispatch {

DynTypedNode writtenParent(const Expr *E, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*E);
  while (true) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return {};
    const DynTypedNode &P = Parents[0];
    const Expr *PE = P.get<Expr>();
    if (PE && (isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
                   ExprWithCleanups, ConstantExpr>(PE))) {
      Node = P;
      continue;
    }
    return P;
  }
}

const CXXRewrittenBinaryOperator *rewrittenComparisonOf(const Expr *Inner, ASTContext &Ctx) {
  // The semantic form puts at most a `!`, a `< 0` and implicit wrappers
  // between the two.
  DynTypedNode Node = DynTypedNode::create(*Inner);
  for (int Depth = 0; Depth < 6; ++Depth) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty() || !Parents[0].get<Expr>())
      return nullptr;
    if (const auto *R = Parents[0].get<CXXRewrittenBinaryOperator>())
      return R->getDecomposedForm().InnerBinOp->IgnoreImplicit() == Inner->IgnoreImplicit()
                 ? R
                 : nullptr;
    Node = Parents[0];
  }
  return nullptr;
}

bool isInUnevaluatedOperand(const Expr *E, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*E);
  for (int Depth = 0; Depth < 512; ++Depth) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return false;
    const DynTypedNode &P = Parents[0];
    if (const auto *PE = P.get<Expr>()) {
      if (isa<UnaryExprOrTypeTraitExpr, CXXNoexceptExpr, RequiresExpr>(PE))
        return true;
      if (const auto *Typeid = dyn_cast<CXXTypeidExpr>(PE))
        return !Typeid->isPotentiallyEvaluated();
    } else if (const auto *TL = P.get<TypeLoc>()) {
      if (TL->getAs<DecltypeTypeLoc>() || TL->getAs<TypeOfExprTypeLoc>())
        return true;
    } else if (P.get<Decl>() && isa<FunctionDecl, FieldDecl, TranslationUnitDecl>(P.get<Decl>())) {
      return false; // a body or an initializer: evaluated
    }
    Node = P;
  }
  return false;
}

const Decl *enclosingCaller(const Expr *E, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*E);
  // Bounded: the parent map of invalid code can, in rare cases, loop.
  for (int Depth = 0; Depth < 512; ++Depth) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return nullptr;
    if (const auto *D = Parents[0].get<Decl>()) {
      if (isa<FunctionDecl, FieldDecl>(D))
        return D;
      // A local variable's initializer runs in its function: keep climbing.
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && !VD->isLocalVarDeclOrParm())
        return D;
    }
    Node = Parents[0];
  }
  return nullptr;
}

} // namespace dispatch
