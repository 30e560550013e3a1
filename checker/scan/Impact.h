// Impact of each widening declaration, defined like SnoopCompile's children:
// its dependent sites (deduplicated by location) and the functions affected
// by it = the functions containing those sites plus every function that
// transitively calls them. With entry points, only functions reachable from
// them count (SnoopCompile's precompile_blockers: what the workload runs).
#pragma once

#include "Facts.h"

#include <string>
#include <vector>

namespace dispatch::scan {

struct DeclarationImpact {
  const DeclarationFact *Decl = nullptr;
  std::string Id; ///< stable across runs: a hash of check, USR and file
  /// One per location and enclosing function, by position: a site written
  /// in a template appears once per specialisation that holds it.
  std::vector<const SiteFact *> Sites;
  /// Distinct locations among Sites: a use written once in a template is
  /// one dependent site however many specialisations contain it.
  size_t WrittenSites = 0;
  /// Report columns: sites that use a conversion implicitly, calls the
  /// declaration wins from a more specific overload, and calls where it is
  /// only a viable candidate (a widened candidate set that changed nothing yet).
  size_t ImplicitUses = 0, Hijacks = 0, ViableOnly = 0;
  std::vector<uint32_t> Children; ///< affected functions (indices), sorted
};

class ImpactAnalysis {
public:
  /// Entries: function names (qualified, with or without template
  /// arguments, or the last name component) or USRs; empty = everything.
  /// Latent declarations (no effect in any TU, FindingRecord::Latent) are
  /// left out unless IncludeLatent (`report --latent`); the facts keep them.
  explicit ImpactAnalysis(const Facts &F, const std::vector<std::string> &Entries = {},
                          bool IncludeLatent = false);

  /// Biggest impact first (ties: by location).
  const std::vector<DeclarationImpact> &impacts() const { return Impacts; }
  /// Distinct functions affected by any declaration (uinvalidated's length).
  size_t totalAffected() const { return TotalAffected; }
  /// Sum of the impacts (the ∑x of the share column).
  size_t sumOfImpacts() const { return Sum; }
  /// Entry names that matched no function.
  const std::vector<std::string> &unmatchedEntries() const { return Unmatched; }
  bool restricted() const { return !Reachable.empty() || !Unmatched.empty(); }

  const Facts &facts() const { return F; }
  /// Direct callers of a function (reachable ones only, with entries).
  const std::vector<uint32_t> &callersOf(uint32_t Fn) const { return Callers[Fn]; }
  bool counts(uint32_t Fn) const { return Reachable.empty() || Reachable[Fn]; }
  /// The function and everything that transitively calls it.
  std::vector<uint32_t> closureOf(const std::vector<uint32_t> &Start) const;

private:
  const Facts &F;
  std::vector<std::vector<uint32_t>> Callers;
  std::vector<char> Reachable; // empty: no entries given
  std::vector<std::string> Unmatched;
  std::vector<DeclarationImpact> Impacts;
  size_t TotalAffected = 0;
  size_t Sum = 0;
};

/// The identity of a declaration across runs (baselines, diff): check, USR,
/// and for call-site warnings the file of the call.
std::string identityOf(const DeclarationFact &D);
/// File, then line, then column: the order of every listing.
bool byPosition(const Location &A, const Location &B);
std::string idOf(const DeclarationFact &D);

} // namespace dispatch::scan
