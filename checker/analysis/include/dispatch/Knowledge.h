// Library knowledge as data: which foreign types are ubiquitous, which hold
// device memory, which functions copy across the bus, which directories hold
// vendored code. The defaults are checker/knowledge/*.json, embedded at build
// time; a project extends them with files of the same format (global option
// KnowledgeFiles), like include-what-you-use's mapping files.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace dispatch {

struct ReducedPrecisionType {
  std::string Type;      ///< "__half"
  std::string ToFloat;   ///< "__half2float", empty for vector types
  std::string FromFloat; ///< "__float2half"
  /// Its floating-point format: "ieee-half", "bfloat16"; empty: unknown (the
  /// vector types), so no constant is judged exactly representable.
  std::string Format;
};

struct Knowledge {
  /// Why a type is ubiquitous ("std::string", "a standard container") and
  /// the class (template) names that are, in order.
  std::vector<std::pair<std::string, std::vector<std::string>>> Ubiquitous;
  std::vector<std::string> DeviceTypes, HostTypes, TransferFunctions;
  std::vector<std::string> DeviceAllocationFunctions;
  /// Containers whose construction from another of `CopyingFrom` copies
  /// across the bus (thrust::host_vector from a device_vector).
  std::vector<std::string> CopyingContainers, CopyingFrom;
  std::vector<ReducedPrecisionType> ReducedPrecision;
  std::vector<std::string> ThirdPartyDirs;
  /// File names that mark a directory below the project root as a copy of
  /// another project (its own LICENSE).
  std::vector<std::string> ThirdPartyMarkers;
  /// File or directory names a build directory holds (CMakeCache.txt,
  /// build.ninja): generated code below one is the project's.
  std::vector<std::string> BuildTreeMarkers;
  /// Words of a copyright notice that name no holder ("copyright", "inc",
  /// "authors"), lower case.
  std::vector<std::string> CopyrightStopWords;
  /// First directories below the repository root whose code ships to nobody
  /// (tests, benchmarks, examples, experiments).
  std::vector<std::string> AuxiliaryDirs;
  /// Namespace names that mark a library's implementation detail
  /// ("detail", "internal").
  std::vector<std::string> InternalNamespaces;

  /// checker/knowledge/*.json as built in.
  static const Knowledge &builtin();
  /// The built-in knowledge extended by each file (lists appended, new
  /// ubiquity labels added); an error names the file and what is wrong.
  static llvm::Expected<Knowledge> withFiles(llvm::ArrayRef<std::string> Paths);

  /// Adds one document; Origin names it in errors.
  llvm::Error merge(llvm::StringRef Json, llvm::StringRef Origin);

  const ReducedPrecisionType *reducedPrecision(llvm::StringRef Type) const;
};

} // namespace dispatch
