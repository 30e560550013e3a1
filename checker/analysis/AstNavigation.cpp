#include "dispatch/AstNavigation.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

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
