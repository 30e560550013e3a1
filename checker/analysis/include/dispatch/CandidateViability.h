// A Sema-free approximation of overload-resolution viability, good enough to
// answer "would this unconstrained template (or this other overload) have been
// a viable candidate at that call?" after the fact, from the AST alone.
//
// It is deliberately conservative: a candidate is "viable" only when every
// argument matches by identity, qualification, derived-to-base, a standard
// arithmetic/pointer conversion, or an any-type template parameter. User
// conversions and partial-pattern deduction (`std::vector<T>`) count as
// not viable, so counts are lower bounds.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"

#include "llvm/ADT/ArrayRef.h"

namespace dispatch {

/// Rank of the worst conversion a candidate needs, best first.
enum class MatchRank {
  Exact = 0,         ///< identity, qualification adjustment, any-type template parameter
  Promotion = 1,     ///< integral/floating promotion
  Conversion = 2,    ///< other standard conversions
  DerivedToBase = 3, ///< binds a derived object to a base parameter
  NotViable = 4
};

const char *matchRankLabel(MatchRank R);

/// Arguments of a call as overload resolution saw them: for member operator
/// calls the object comes first, default arguments are dropped.
llvm::SmallVector<const clang::Expr *, 4> callArguments(const clang::CallExpr *Call);

/// How well a non-template function (or a specialisation, by its instantiated
/// signature) accepts the arguments. Member functions other than operators
/// called as operators are not supported (NotViable).
MatchRank rankNonTemplate(const clang::FunctionDecl *FD,
                          llvm::ArrayRef<const clang::Expr *> Args,
                          bool ArgsIncludeObject);

/// Whether an unconstrained function template's any-type parameters (and the
/// concrete ones, by rankNonTemplate's rules) accept the arguments, including
/// consistent deduction of a parameter used twice.
bool templateAccepts(const clang::FunctionTemplateDecl *FTD,
                     llvm::ArrayRef<const clang::Expr *> Args);

/// Whether ordinary unqualified lookup or ADL at Call can find Candidate: it is
/// declared before the call at global scope, or in a namespace enclosing the
/// call, or in a namespace associated with an argument.
bool isVisibleAt(const clang::FunctionDecl *Candidate, const clang::CallExpr *Call,
                 llvm::ArrayRef<const clang::Expr *> Args, const clang::Decl *Caller,
                 clang::ASTContext &Ctx);

} // namespace dispatch
