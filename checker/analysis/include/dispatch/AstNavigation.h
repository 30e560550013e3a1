// Walking up from an expression: the parents the checks need to tell how a
// value is used and who uses it.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/Expr.h"

namespace dispatch {

/// The nearest parent that is not an implicit wrapper the compiler added
/// (implicit casts, temporaries, cleanups, constant-expression wrappers).
clang::DynTypedNode writtenParent(const clang::Expr *E, clang::ASTContext &Ctx);

/// The rewritten comparison (`a != b` as `!(a == b)`, `a < b` as
/// `(a <=> b) < 0`) whose inner call Inner is, if any: overload resolution
/// chose Inner among the written operator's candidates too.
const clang::CXXRewrittenBinaryOperator *rewrittenComparisonOf(const clang::Expr *Inner,
                                                               clang::ASTContext &Ctx);

/// Whether E is inside an unevaluated operand — `decltype`, `sizeof`,
/// `alignof`, `noexcept`, a non-polymorphic `typeid`, a requires-expression —
/// of the function or initializer holding it: nothing there runs.
bool isInUnevaluatedOperand(const clang::Expr *E, clang::ASTContext &Ctx);

/// The enclosing function (or the global variable or field whose initializer
/// holds E); local variables are looked through.
const clang::Decl *enclosingCaller(const clang::Expr *E, clang::ASTContext &Ctx);

} // namespace dispatch
