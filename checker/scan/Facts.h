// Project facts: what dispatch-scan records per translation unit and merges
// across a project. One format for a single TU and for a merged project, so
// that merging is associative (scan in pieces, on many machines, merge later).
// Locations are "path:line:col" strings, paths relative to the project root
// when they lie inside it. The JSON schema is documented in docs/dispatch-scan.md.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace dispatch::scan {

/// A function in the call graph: a plain function, or one template
/// specialisation (kept distinct, with the USR of the template it came from).
struct FunctionFact {
  std::string Usr;
  std::string Name;    ///< qualified, with template arguments
  std::string Loc;     ///< its definition (or declaration)
  std::string Primary; ///< USR of the written template or member it was instantiated from
};

/// A widening declaration one of the dispatch-* checks warned about.
struct DeclarationFact {
  std::string Usr;
  std::string Name;          ///< `operator std::vector<float>`, `broadcast`, `deepcopy`
  std::string QualifiedName; ///< with its scope
  std::string Kind;          ///< conversion-operator, converting-constructor, function-template, ...
  std::string Check;
  std::string Loc;     ///< where the check warned
  std::string DeclLoc; ///< the declaration itself (differs for call-site warnings)
  std::string Message;
  /// The check warned at one use (dispatch-hijacked-call, a device-transfer
  /// site): its impact starts from the uses on that line only.
  bool AtSite = false;

  std::string key() const { return Check + "|" + Usr + "|" + Loc; }
};

/// A dependent site: an expression whose overload resolution or implicit
/// conversion sequence selected a widening declaration.
struct SiteFact {
  std::string Decl; ///< the declaration's USR
  std::string Loc;
  uint32_t In = 0; ///< the function containing it (index into Functions)
  std::string How; ///< call, construct, conversion
};

/// Which declaration one call in an inline function or template
/// specialisation resolved to, in one translation unit (the ODR check).
struct ResolutionFact {
  uint32_t In = 0;
  std::string Loc;
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
  static Facts fromJson(nlohmann::json &&J);
  static Facts fromJson(const nlohmann::json &J);
  /// Reads a facts file; throws std::runtime_error with the path on failure.
  static Facts read(const std::string &Path);
  void write(const std::string &Path) const;

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

/// A declaration's fields as facts and reports write them.
nlohmann::json declarationJson(const DeclarationFact &D);

/// Facts files and directories of them (every *.json inside, sorted),
/// read on Jobs threads and merged in input order; throws
/// std::runtime_error naming the file that failed.
Facts loadFacts(const std::vector<std::string> &Inputs, unsigned Jobs);

/// "path:line:col" → its parts; Line 0 when it does not parse.
struct ParsedLoc {
  std::string File;
  unsigned Line = 0;
  unsigned Col = 0;
};
ParsedLoc parseLoc(const std::string &Loc);
/// "path:line" (the table's first column).
std::string fileAndLine(const std::string &Loc);

} // namespace dispatch::scan
