// Project facts: what dispatch-scan records per translation unit and merges
// across a project. One format for a single TU and for a merged project, so
// that merging is associative (scan in pieces, on many machines, merge later).
// Typed inside C++ (enums, Location); JSON only at the edge (toJson/read),
// with paths relative to the project root when they lie inside it. The JSON
// schema (version 2) is documented in docs/dispatch-scan.md.
#pragma once

#include "dispatch/FindingRecord.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace dispatch::scan {

/// "path:line" (the table's first column).
std::string fileAndLine(const Location &L);

/// A function in the call graph: a plain function, or one template
/// specialisation (kept distinct, with the USR of the template it came from).
struct FunctionFact {
  std::string Usr;
  std::string Name; ///< qualified, with template arguments
  Location Loc;     ///< its definition (or declaration)
  std::string Primary; ///< USR of the written template or member it was instantiated from
};

/// What a flagged declaration is, as the report's kind column says it.
enum class DeclKind {
  ConversionOperator,
  ConversionOperatorTemplate,
  ConvertingConstructor,
  ConstructorTemplate,
  Operator,
  OperatorTemplate,
  Function,
  FunctionTemplate,
  Class,
  Declaration,
};
const char *declKindName(DeclKind K);
std::optional<DeclKind> declKindFromName(llvm::StringRef Name);

/// A widening declaration one of the dispatch-* checks warned about: the
/// finding's record plus the declaration's identity across TUs.
struct DeclarationFact {
  std::string Usr;
  /// The declaration's own USR (Usr names the row: a finding about a use
  /// adds its location).
  std::string DeclUsr;
  /// Finding::Alternative's USR, when the finding has one.
  std::string AlternativeUsr;
  DeclKind Kind = DeclKind::Declaration;
  /// Check, locations, message, notes, counts; its Fixes (paths relative
  /// to the root) are the union of every reporting TU's edits.
  FindingRecord Finding;
  /// A TU reported it without a fix, or two TUs' edits overlap: there is no
  /// project-wide fix (as dispatch-scan fix decides).
  bool FixIncomplete = false;

  const std::string &check() const { return Finding.Check; }
  const std::string &name() const { return Finding.DeclName; }
  const Location &loc() const { return Finding.Loc; }
  /// The check warned at one use (dispatch-hijacked-call, a device-transfer
  /// site): its impact starts from the uses on that line only.
  bool atSite() const { return Finding.Scope == FindingScope::Use; }
  std::string key() const { return check() + "|" + Usr + "|" + loc().str(); }
};

/// How a dependent site uses its declaration.
enum class SiteKind { Call, Construct, Conversion };
const char *siteKindName(SiteKind K);
std::optional<SiteKind> siteKindFromName(llvm::StringRef Name);

/// A dependent site: an expression whose overload resolution or implicit
/// conversion sequence selected a widening declaration.
struct SiteFact {
  std::string Decl; ///< the declaration's USR
  Location Loc;
  uint32_t In = 0; ///< the function containing it (index into Functions)
  SiteKind How = SiteKind::Call;
};

/// Which declaration one call in an inline function or template
/// specialisation resolved to, in one translation unit (the ODR check).
struct ResolutionFact {
  uint32_t In = 0;
  /// The call, named alike in every TU: its location (of the operator or
  /// callee), where a macro spelled it, and its ordinal among calls named
  /// alike (`os << a << b` starts two calls at one place).
  Location Loc;
  Location MacroSpelling; ///< invalid outside macro expansions
  unsigned Ordinal = 0;
  uint32_t Callee = 0;
};

struct TuFact {
  std::string File;
  std::string Pass; ///< "", "host" or "device" (CUDA TUs are compiled twice)
  unsigned CompileErrors = 0;
  bool Crashed = false;
  std::vector<std::string> Includes; ///< project headers it saw, not system ones
  std::vector<ResolutionFact> Resolutions;

  std::string label() const { return Pass.empty() ? File : File + " (" + Pass + ")"; }
};

class Facts {
public:
  std::string Root;
  std::vector<FunctionFact> Functions;
  std::vector<DeclarationFact> Declarations;
  std::vector<SiteFact> Sites;
  std::vector<std::pair<uint32_t, uint32_t>> Calls; ///< caller, callee
  std::vector<TuFact> Tus;

  /// Index of the function with this USR, adding it if new.
  uint32_t addFunction(FunctionFact F);
  void addDeclaration(DeclarationFact D);
  void addSite(SiteFact S);
  void addCall(uint32_t Caller, uint32_t Callee);
  void addTu(TuFact T);

  /// Adds everything in Other, remapping its function indices;
  /// deduplicates declarations, sites (by location) and calls.
  void merge(const Facts &Other);

  nlohmann::json toJson() const;
  /// Takes the strings out of J (which is left hollow): no copies.
  static llvm::Expected<Facts> fromJson(nlohmann::json &&J);
  /// Reads a facts file; the error names the path.
  static llvm::Expected<Facts> read(const std::string &Path);
  llvm::Error write(const std::string &Path) const;

private:
  /// Facts read from a file are taken as they are (they were deduplicated
  /// when written); the dedup indices are built on the first addition.
  void reindex();
  bool Indexed = true;
  std::unordered_map<std::string, uint32_t> FunctionIndex;
  std::unordered_set<std::string> DeclarationKeys;
  std::unordered_set<std::string> SiteKeys;
  std::unordered_set<uint64_t> CallKeys;
};

/// A declaration's fields as reports write them.
nlohmann::json declarationJson(const DeclarationFact &D);

/// Facts files and directories of them (every *.json inside, sorted),
/// read on Jobs threads and merged in input order; the error names the file
/// that failed.
llvm::Expected<Facts> loadFacts(const std::vector<std::string> &Inputs, unsigned Jobs);

/// Writes Text to Path ("-" or empty: standard output).
llvm::Error writeOutput(llvm::StringRef Text, llvm::StringRef Path);

} // namespace dispatch::scan
