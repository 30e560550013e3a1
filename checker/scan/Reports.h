// What dispatch-scan prints from an ImpactAnalysis: the ranked table in the
// format of SnoopCompile's report_invalidations, totals by check or file,
// JSON, SARIF 2.1.0, trees, the SVG plot and the diff between two scans.
// Each renderer lives in its own file.
#pragma once

#include "Impact.h"
#include "OdrDivergence.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace dispatch::scan {

/// ReportTable.cpp: `<file>:<line> │ Function Name │ Implicit uses │ Hijacks │ Viable only │
/// Dependent sites │ Impact │ Impact %`.
std::string renderTable(const ImpactAnalysis &A);
/// Totals grouped by "check" or "file".
std::string renderTotals(const ImpactAnalysis &A, const std::string &By);
/// The summary line under the table.
std::string renderSummary(const ImpactAnalysis &A, size_t OdrCount);

/// ReportJson.cpp: the `dispatch-scan-report` document (docs/dispatch-scan.md).
nlohmann::json reportJson(const ImpactAnalysis &A, const std::vector<OdrDivergence> &Odr);

/// Sarif.cpp: SARIF 2.1.0, one result per declaration and per divergence;
/// rule texts from the docs pages, helpUri = UriBase + the page's path in
/// the repository (DocsDirFlattened: in an install's doc directory, whose
/// pages lie without the repository's docs/ prefix). SARIF wants absolute
/// URIs: UriBase is one (https://.../blob/TAG/, file:///...).
nlohmann::json sarifLog(const ImpactAnalysis &A, const std::vector<OdrDivergence> &Odr,
                        const std::string &ToolVersion, const std::string &UriBase,
                        bool DocsDirFlattened = false);

/// Tree.cpp: declaration → dependent sites → callers, SnoopCompile-style
/// `(N children)` counts; Depth limits the caller levels.
std::string renderTree(const ImpactAnalysis &A, const DeclarationImpact &I, unsigned Depth);
/// Declarations matching an id, a USR, a rank ("3") or a (qualified) name.
std::vector<const DeclarationImpact *> findDeclarations(const ImpactAnalysis &A,
                                                        const std::string &Query);

/// Plot.cpp: children per declaration as a standalone SVG bar chart.
std::string renderPlot(const ImpactAnalysis &A, const std::string &Title);

/// Diff.cpp: per declaration identity (check, USR, file for call sites).
enum class DiffStatus { New, Grown, Gone, Shrunk, Same }; ///< in the order of listing
const char *diffStatusName(DiffStatus S);
struct DiffEntry {
  DiffStatus Status = DiffStatus::Same;
  std::string Check, Name;
  Location Loc;
  size_t Old = 0, New = 0;
  /// Grown (and new) entries: the dependent sites the baseline did not have,
  /// "how at file:line:col in function" (matched by how, function and file,
  /// not line, so moved code is not new).
  std::vector<std::string> NewSites;
};
struct DiffResult {
  std::vector<DiffEntry> Entries; ///< changed ones first, biggest change first
  size_t OldTotal = 0, NewTotal = 0; ///< affected functions
  size_t count(DiffStatus Status) const;
  /// What a CI gate fails on: a new declaration or a grown impact.
  bool regressed() const { return count(DiffStatus::New) + count(DiffStatus::Grown) > 0; }
};
/// A summary of one scan that a diff or a baseline compares: from facts or
/// from a `dispatch-scan-report` JSON (a committed baseline).
struct ScanSummary {
  struct Site {
    std::string Key;  ///< how, function and file: stable when lines move
    std::string Text; ///< "how at file:line:col in function"
  };
  struct Row {
    std::string Identity, Check, Name;
    Location Loc;
    size_t Impact = 0;
    std::vector<Site> Sites;
  };
  std::vector<Row> Rows;
  size_t TotalAffected = 0;
  static ScanSummary of(const ImpactAnalysis &A);
  /// Reads facts or a report JSON; the error names the path.
  static llvm::Expected<ScanSummary> read(const std::string &Path,
                                          const std::vector<std::string> &Entries);
};
DiffResult diffScans(const ScanSummary &Old, const ScanSummary &New);
std::string renderDiff(const DiffResult &D);

} // namespace dispatch::scan
