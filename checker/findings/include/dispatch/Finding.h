// A finding: what a dispatch-* check reports about one widening declaration,
// as structured data. Every output is rendered from it — clang-tidy's
// diagnostics (DispatchCheck::report), dispatch-scan's facts, SARIF, and
// dispatch-clangd's LSP diagnostics and code actions — so that no consumer
// re-derives a finding from the text of a diagnostic.
//
// A Finding holds AST pointers and source locations: it lives as long as the
// translation unit. FindingRecord (FindingRecord.h) is its portable copy.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <string>
#include <vector>

namespace dispatch {

/// What kind of widening a finding is about.
enum class WideningKind {
  ImplicitConversion,    ///< non-explicit converting constructor or conversion operator
  GreedyConstructor,     ///< unconstrained constructor template that takes anything
  UnconstrainedTemplate, ///< namespace-scope operator/hook template for any type
  GenericCopy,           ///< deepcopy/clone template for any type
  ForeignOverload,       ///< type piracy: an overload for foreign functions and types
  StdAddition,           ///< a declaration added to namespace std
  HijackedCall,          ///< a call taken by an unconstrained template
  DeviceTransfer,        ///< an implicit conversion that copies across the bus
  ReducedPrecision,      ///< an implicit __half/__nv_bfloat16 <-> float conversion
};
const char *wideningKindName(WideningKind K);
std::optional<WideningKind> wideningKindFromName(llvm::StringRef Name);

/// Where the warning is: at the declaration, or at one use of it.
enum class FindingScope { Declaration, Use };

/// What a note says about the finding (renderers may group by it).
enum class NoteRole {
  Context,       ///< anything else
  ImplicitUse,   ///< a site that relies on the widening implicitly
  WonCall,       ///< a call the template wins
  WouldResolveTo, ///< what a call would resolve to without the declaration
  TemplateDecl,  ///< the template a call resolves to
  NoFix,         ///< why no automatic fix was offered
  OverloadSet,   ///< the foreign overload set a declaration joins
};
const char *noteRoleName(NoteRole R);

/// "make 'Index(int)' explicit and rewrite 3 uses": an action and the
/// number of uses it rewrites.
std::string fixTitle(llvm::StringRef Action, unsigned Rewrites);
std::optional<NoteRole> noteRoleFromName(llvm::StringRef Name);

/// Every latent finding's note, as clang-tidy prints it, starts with this:
/// how a reader of the diagnostics alone (dispatch-scan fix) tells them apart.
inline constexpr const char LatentNotePrefix[] = "latent:";

struct FindingNote {
  clang::SourceLocation Loc;
  std::string Message;
  NoteRole Role = NoteRole::Context;
};

struct Finding {
  std::string Check;                    ///< "dispatch-implicit-conversion"
  const clang::NamedDecl *Decl = nullptr; ///< the widening declaration
  /// Further declarations one use-scoped finding stands for: a site in a
  /// template instantiated for several types (`__half` and `__nv_bfloat16`)
  /// is one finding about each type's conversion. dispatch-scan counts the
  /// uses of all of them as the row's sites.
  std::vector<const clang::NamedDecl *> AlsoDecls;
  WideningKind Kind = WideningKind::ImplicitConversion;
  FindingScope Scope = FindingScope::Declaration;
  clang::SourceLocation Loc; ///< where the warning is reported
  std::string Message;       ///< the warning, one sentence, without the check name
  std::vector<FindingNote> Notes;
  std::vector<clang::FixItHint> Fixes;
  /// What applying Fixes does, short, for an editor's quick-fix title
  /// (fixTitle): "make 'Index(int)' explicit", and how many uses it
  /// rewrites in this TU.
  std::string FixAction;
  unsigned FixRewrites = 0;
  /// Facts the message is built from, for reports.
  unsigned ImplicitUses = 0; ///< sites in this TU that use the widening implicitly
  /// Calls it wins in this TU that would resolve to another function
  /// without it (hijacks: the counterfactual is another overload).
  unsigned WonCalls = 0;
  /// Calls where it is viable but not chosen: a widened candidate set that
  /// changed nothing yet.
  unsigned ViableCalls = 0;
  /// When set, the only calls and constructions of the declaration whose
  /// meaning depends on it in this TU (the check judged the others: a
  /// construction no other constructor could take is the template doing its
  /// job); dispatch-scan's sites of the finding are these. Unset: every call.
  std::optional<std::vector<clang::SourceLocation>> DependentSites;
  /// Where the project's code made clang instantiate a system header's
  /// template that uses the declaration (`std::sort(...)` with a comparator
  /// taking a converted argument): dispatch-scan counts the call there as a
  /// site, since its own walk stays out of system headers.
  std::vector<clang::SourceLocation> InstantiatingSites;
  /// A hijacked call's other function, when its body is in another TU: if
  /// that body hands the call back to the template (a run-time dispatcher),
  /// dispatch-scan, which sees every TU, makes the finding latent.
  const clang::FunctionDecl *Alternative = nullptr;
  /// The TU shows no effect of the declaration: no implicit use, no call it
  /// wins or competes for. Latent findings are shown only with the
  /// ReportLatent option (dispatch-scan records them all, marked).
  bool Latent = false;
  /// Why it is latent when it is not "no effect in this TU" (the note
  /// DispatchCheck::report adds); starts with LatentNotePrefix.
  std::string LatentReason;

  Finding &note(clang::SourceLocation L, std::string Text, NoteRole Role = NoteRole::Context) {
    Notes.push_back({L, std::move(Text), Role});
    return *this;
  }
};

/// Receives every finding a check emits (before NOLINT and the header
/// filter: tools keep the ones whose diagnostic survived). The clang-tidy
/// plugin installs none.
class FindingSink {
public:
  virtual ~FindingSink() = default;
  virtual void found(const Finding &F) = 0;
};

} // namespace dispatch
