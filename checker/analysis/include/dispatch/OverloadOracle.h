// The overload oracle: clang's own overload resolution, asked again after the
// fact. For a call site in the AST it rebuilds the candidate set the way Sema
// built it (name lookup as at the call, ADL, member and built-in operator
// candidates, C++20 rewritten comparisons, constructors, CUDA target rules
// through Sema itself), checks that resolving it reproduces the function
// clang chose, and then answers the question a Julia invalidation asks: what
// would this call resolve to if a given declaration did not exist — another
// function, an ambiguity, or no viable function.
//
// Nothing is claimed about a call whose replay does not reproduce clang's own
// choice. Queries run with all diagnostics suppressed (a SFINAE trap and a
// tentative-analysis scope), take nothing out of the AST, and stop at a
// budget per translation unit. They can add what any overload resolution
// adds — a function template specialisation's declaration, an implicitly
// declared special member — never a body, never a diagnostic.
#pragma once

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class Sema;
}

namespace dispatch {

/// How a call site names what it calls.
enum class CallKind {
  Free,      ///< `f(x)`, `ns::f(x)`, `X::static_f(x)`: lookup of a name, maybe ADL
  Member,    ///< `obj.f(x)`, `p->f(x)`, `f(x)` inside a member function
  Operator,  ///< `a + b`, `!a`, `a[i]`, `a == b` (also rewritten from `!=`, `<`, ...)
  Construct, ///< `T t(x)`, `T(x, y)`, `T t = derived`, a by-value argument
  Conversion, ///< a conversion function applied implicitly (`float f = w`, `std::string s = v`)
};
const char *callKindName(CallKind K);

/// A call site the oracle can replay.
struct CallSite {
  const clang::Expr *E = nullptr;              ///< the call, construction or rewritten operator
  CallKind Kind = CallKind::Free;
  const clang::FunctionDecl *Chosen = nullptr; ///< what clang resolved it to
  clang::SourceLocation Loc;                   ///< where to report it
};

/// The call site E is, when the oracle can replay it: calls through a name,
/// member calls, overloaded operators (pass a CXXRewrittenBinaryOperator for
/// a rewritten comparison, not its inner call), non-list constructions, and
/// conversion functions applied implicitly (the ImplicitCastExpr).
std::optional<CallSite> callSiteOf(const clang::Expr *E);

/// "built-in 'operator+'" for an operator site (what Outcome::Builtin
/// resolves it to), "built-in operator" when the site names none.
std::string builtinOperatorName(const CallSite &Site);

/// The call sites of a traversal, each once: a rewritten comparison is one
/// site, in place of the `==`/`<=>` call inside it (which a traversal visits
/// after the rewritten operator), and a call written in a template is one
/// site per function it resolves to, not one per specialisation holding it
/// (a non-dependent call is the same call in the pattern and in each of its
/// instantiations: 21 identical sites of one call in SNAP's `ds.h`).
class CallSiteCollector {
public:
  /// The site of E, unless E is the inner call of a rewritten operator seen
  /// before, a copy of a site seen before, or not a site at all.
  std::optional<CallSite> add(const clang::Expr *E);
  void clear() {
    RewrittenInner.clear();
    Written.clear();
  }

private:
  llvm::DenseSet<const clang::Expr *> RewrittenInner;
  /// Sites seen: where written (an instantiation keeps its pattern's
  /// locations) and what they resolve to.
  llvm::DenseSet<std::tuple<unsigned, unsigned, const clang::FunctionDecl *>> Written;
};

/// What a call resolves to. Builtin: a built-in operator candidate won
/// (`f + 2.0f` through `Fill::operator float()`, `e == 1` for an enum): there
/// is no function to name.
enum class Outcome { Function, Builtin, Ambiguous, NoViable, Deleted };
const char *outcomeName(Outcome O);

struct Resolution {
  Outcome Result = Outcome::NoViable;
  const clang::FunctionDecl *Function = nullptr; ///< the best one (Function, Deleted; never null there)
  /// The user-defined conversions (converting constructors, conversion
  /// functions) a viable candidate's arguments go through.
  using Through = llvm::SmallVector<const clang::FunctionDecl *, 1>;
  struct Candidate {
    const clang::FunctionDecl *Function = nullptr;
    bool Viable = false;
    Through Conversions; ///< empty unless Viable
  };
  /// The candidates as Sema considered them (built-in operator candidates
  /// have no function and are left out).
  std::vector<Candidate> Candidates;
  bool BuiltinViable = false; ///< a built-in operator candidate was viable
  /// What the viable built-in candidates' arguments go through.
  Through BuiltinConversions;
  /// The best candidate's conversions (Function, Builtin, Deleted).
  Through BestConversions;
};

class OverloadOracle {
public:
  /// Budget: candidate-set replays allowed in this translation unit.
  explicit OverloadOracle(clang::Sema &S, unsigned Budget = 20000);

  /// Site's candidate set resolved with the candidates for which Removed is
  /// true taken out (no Removed: as clang resolved it). Nullopt when the site
  /// cannot be replayed, when the replay with nothing removed does not choose
  /// Site.Chosen (then the oracle makes no claim), or when the budget is spent.
  /// Caller: the function (or variable) the call is in, for lookup and CUDA.
  std::optional<Resolution>
  resolve(const CallSite &Site, const clang::Decl *Caller,
          llvm::function_ref<bool(const clang::FunctionDecl *)> Removed = {});

  /// What `Class b(a);` resolves to for a non-const lvalue `a` of Class (a
  /// complete, non-dependent class: a class template's specialisation, not
  /// its pattern) — the copy every user of the class can write, asked
  /// whether or not the TU writes it. Nullopt for an incomplete or dependent
  /// class or when the budget is spent.
  std::optional<Resolution> resolveNonConstCopy(const clang::CXXRecordDecl *Class);

  /// The everyday foreign types a constraint is judged against ("int",
  /// "double", "const char *", "std::string", "std::vector<int>", "lambda":
  /// builtins, qualified type names, a class template of one builtin
  /// argument when the TU has that specialisation, any closure type of the TU).
  /// Names the TU cannot resolve are left out.
  static constexpr const char *DefaultPanel =
      "int;double;const char *;std::string;std::vector<int>;lambda";
  void setPanel(std::vector<std::string> TypeNames);
  /// "a;b" → {"a", "b"}.
  static std::vector<std::string> splitPanel(llvm::StringRef List);

  /// Whether T's constraints, whatever their form (requires, enable_if,
  /// expression SFINAE, a concept), still admit everyday foreign types:
  /// deduced against each panel type in every parameter that depends on a
  /// template parameter (a conversion template: as the type converted to),
  /// it is viable for at least two of those the TU has. `std::is_copy_constructible_v<T>` or `is_class<T>`
  /// admit them; `std::same_as<T, Tensor>` does not. A member template of a
  /// class template is judged in a specialisation of the class the TU made
  /// (none: constrained). Cached per template.
  bool admitsEverydayTypes(const clang::FunctionTemplateDecl *T);

  unsigned replays() const { return Replays; }
  /// Sites whose replay did not reproduce clang's choice.
  unsigned unreproduced() const { return Unreproduced; }
  bool budgetSpent() const { return Replays >= Budget; }

private:
  const std::vector<clang::QualType> &panelTypes();

  clang::Sema &S;
  unsigned Budget;
  std::vector<std::string> PanelNames;
  std::optional<std::vector<clang::QualType>> Panel; ///< resolved on first use
  llvm::DenseMap<const clang::FunctionTemplateDecl *, bool> Admits;
  unsigned Replays = 0;
  unsigned Unreproduced = 0;
};

/// Unconstrained for our purposes: no constraint at all
/// (isUnconstrainedTemplate), or — when an oracle is at hand — one that
/// admits everyday foreign types.
bool isBroadlyUnconstrained(const clang::FunctionTemplateDecl *T, OverloadOracle *Oracle);

/// Whether F is a specialisation of Template (or, for a member of a class
/// template specialisation, of the member template as written).
bool isSpecializationOf(const clang::FunctionDecl *F, const clang::FunctionTemplateDecl *Template);

} // namespace dispatch
