// Per-call analysis: did overload resolution pick an unconstrained template
// although a more specific overload of the same name was viable? That is the
// behaviour change a Julia invalidation guards against.
#pragma once

#include "dispatch/AstNavigation.h"
#include "dispatch/CandidateViability.h"
#include "dispatch/OverloadOracle.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace dispatch {

struct Hijack {
  const clang::FunctionDecl *Chosen = nullptr;           ///< the specialisation called
  const clang::FunctionTemplateDecl *Template = nullptr; ///< its unconstrained template
  const clang::FunctionDecl *Skipped = nullptr;          ///< the best skipped candidate
  MatchRank SkippedRank = MatchRank::NotViable;          ///< what Skipped would have needed
};

/// Nullopt unless Call resolved to a specialisation of an unconstrained
/// namespace-scope function template while a non-template overload of the same
/// name, visible at the call (same scope or ADL) and callable from the
/// caller's CUDA execution space, accepted the arguments through a standard or
/// derived-to-base conversion.
/// The caller is asked for only when a candidate needs it: finding it walks
/// the parent map, which costs more than everything else here.
std::optional<Hijack> findHijack(const clang::CallExpr *Call,
                                 llvm::function_ref<const clang::Decl *()> Caller,
                                 clang::ASTContext &Ctx);

/// findHijack with the enclosing caller looked up on demand.
std::optional<Hijack> findHijack(const clang::CallExpr *Call, clang::ASTContext &Ctx);

/// The shape of a template a hijack can be blamed on, constraints aside: a
/// parameter that takes any type (`T`, `const T&`, `T&&`), any pointer
/// (`T*`), or a conversion to any type (`operator T()`).
bool hasHijackingShape(const clang::FunctionTemplateDecl *T);

/// A template a hijack can be blamed on: that shape, and unconstrained — or,
/// with an oracle, constrained only in ways everyday foreign types pass.
bool isHijackingTemplate(const clang::FunctionTemplateDecl *T, OverloadOracle *Oracle = nullptr);

/// Whether F, what a call falls back to without a template, is itself a
/// template for any type (judged also as a class specialisation declares a
/// member template): then the call was never the specific overload's.
bool isGenericFallback(const clang::FunctionDecl *F, OverloadOracle &Oracle);

/// Whether F's body calls T: a specialisation of it, or, in a template, a
/// dependent call whose lookup found it (dlib's `put_in_range(const double
/// &, ...)` is `return put_in_range<double>(...)`; its numpy `assign_image(
/// numpy_image<P> &, const py::array &)` dispatches to the generic one). T
/// taking a call from F does what F would have done. False without a body.
bool forwardsTo(const clang::FunctionDecl *F, const clang::FunctionTemplateDecl *T);

/// Whether T and Skipped are members of one class and Caller is a member
/// function of it: the class's own calls into its own overload set (dlib's
/// `line_search_funct::get_value(const U &)` before `get_value(const double
/// &)`). A class's members are declared in one place, by one author, who
/// wrote these calls against them: no invalidation. A call from outside the
/// class (`opts.set(1)` taken from `set(bool)`) is one.
bool isOwnMemberDispatch(const clang::FunctionTemplateDecl *T, const clang::FunctionDecl *Skipped,
                         const clang::Decl *Caller);

/// Whether F, what a call resolves to without T, is an overload T takes the
/// call from: neither a generic fallback nor a forwarder to T.
bool isSpecificOverload(const clang::FunctionDecl *F, const clang::FunctionTemplateDecl *T,
                        OverloadOracle &Oracle);

/// A hijack as clang's own overload resolution shows it: the site resolved
/// to a specialisation of a hijacking template, and with that template
/// removed it resolves to Skipped — a function that is not itself a
/// specialisation of a hijacking template. Nullopt when the site does not
/// resolve to such a template, when it would be ambiguous or not compile
/// without it, or when the oracle cannot replay it.
struct OracleHijack {
  const clang::FunctionTemplateDecl *Template = nullptr;
  /// What the call would resolve to without the template; null: the
  /// built-in operator (Outcome::Builtin).
  const clang::FunctionDecl *Skipped = nullptr;
};
std::optional<OracleHijack> findHijack(OverloadOracle &Oracle, const CallSite &Site,
                                       const clang::Decl *Caller);

} // namespace dispatch
