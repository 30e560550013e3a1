// nvcc command lines → the clang flags that parse the same CUDA code, from
// the one rules table integrations/cuda/nvcc-rules.json (also read by
// integrations/cuda/nvcc_to_clang.py; the two give the same arguments,
// ctest -R nvcc_parity). The table is embedded at build time: no data file
// and no Python at run time.
#pragma once

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace dispatch::driver {

struct NvccTranslationOptions;

/// The rules of nvcc-rules.json (version 1). Each argument is tried against
/// the rule kinds in the order of the members below; "Separate" spellings
/// take the next argument as their value, "Joined" ones end with '='.
struct NvccRules {
  struct Spellings {
    std::vector<std::string> Separate; ///< `-arch sm_80`
    std::vector<std::string> Joined;   ///< `-arch=` (ends with '=')
  };

  unsigned Version = 0;
  std::vector<std::string> Executables; ///< basenames of nvcc

  struct {
    Spellings Options;                      ///< -arch, -gencode, -code, ...
    std::vector<std::string> ValuePrefixes; ///< sm_, compute_ (→ sm_N)
    std::string Clang;                      ///< --cuda-gpu-arch=
    std::string Default;                    ///< sm_80, when none is given
    /// sm_90: a newer one (sm_100) or one with a suffix (sm_90a) is read as it
    std::string Newest;
  } Architecture;
  Spellings HostCompiler; ///< -Xcompiler: the comma list passed through
  struct {
    Spellings Options;
    std::string Enabled;            ///< the value that turns it on: true
    std::vector<std::string> Clang; ///< -fgpu-rdc
  } RelocatableDeviceCode;
  struct {
    std::vector<std::string> Switches; ///< -dc
    std::vector<std::string> Clang;    ///< -fgpu-rdc -c
  } DeviceCompile;
  struct {
    std::vector<std::string> Separate;      ///< -x
    std::string Clang;                      ///< -x
    std::map<std::string, std::string> Map; ///< cu → cuda; others unchanged
  } Language;
  std::vector<std::string> SplitAtEquals; ///< -isystem=DIR → -isystem DIR
  struct {
    Spellings Options;
    std::string Clang;   ///< -std=
    std::string Default; ///< c++17: nvcc 12+'s dialect, added when none is given
  } Std;
  /// --options-file FILE: read (relative to the command's directory) and
  /// spliced in before translation, as spliceOptionsFiles does.
  Spellings OptionsFiles;
  std::set<std::string> DropWithValue;   ///< dropped with the next argument
  std::set<std::string> Drop;            ///< dropped switches
  std::vector<std::string> DropPrefixes; ///< dropped when an argument starts so
  /// Appended to every translation; {cuda} and {shims} placeholders.
  std::vector<std::string> Extras;

  /// Rules from JSON text; an error names the offending field.
  static llvm::Expected<NvccRules> parse(llvm::StringRef Json);
  /// The copy of integrations/cuda/nvcc-rules.json embedded at build time.
  static const NvccRules &builtin();

  /// Argv0's basename is one of Executables (`nvcc`, `nvcc.exe`).
  bool isNvccExecutable(llvm::StringRef Argv0) const;
  /// sm_80 from `sm_80`, `compute_80`, `arch=compute_80,code=sm_80`, `80`:
  /// the first architecture in the value (nvcc_to_clang.arch_of).
  std::optional<std::string> architectureOf(llvm::StringRef Value) const;
  /// Extras with the placeholders filled in (nvcc_to_clang.cuda_extras).
  std::vector<std::string> extras(llvm::StringRef CudaPath, llvm::StringRef ShimsIncludeDir) const;
  /// clang arguments for an nvcc command line, Args[0] being nvcc
  /// (nvcc_to_clang.translate).
  std::vector<std::string> translate(llvm::ArrayRef<std::string> Args,
                                     const NvccTranslationOptions &Options) const;
  /// Args with each options file (`--options-file includes_CUDA.rsp`, where
  /// CMake puts a CUDA target's include directories) replaced by the
  /// arguments it holds, read relative to Directory; one that cannot be read
  /// stays, for translate() to drop (nvcc_to_clang.splice_options_files).
  std::vector<std::string> spliceOptionsFiles(llvm::ArrayRef<std::string> Args,
                                              llvm::StringRef Directory) const;
};

struct NvccTranslationOptions {
  std::string ClangXX = "clang++";          ///< argv[0] of the translation
  std::string CudaPath = "/usr/local/cuda"; ///< {cuda}
  /// {shims}: integrations/cuda/include; empty: defaultShimsIncludeDir().
  std::string ShimsIncludeDir;
  /// Null: NvccRules::builtin().
  std::shared_ptr<const NvccRules> Rules;
};

/// The CUDA shims beside the executable when installed
/// (<exe>/../share/dispatch-tidy/cuda/include), else the source tree's.
std::string defaultShimsIncludeDir();

/// CommandLine[0]'s basename is nvcc or nvcc.exe (the builtin rules).
bool isNvccCommand(const clang::tooling::CompileCommand &Command);

/// Args (Args[0] = nvcc) translated with Options.Rules (null: builtin).
std::vector<std::string> translateNvccArguments(llvm::ArrayRef<std::string> Args,
                                                const NvccTranslationOptions &Options);

/// DB with the options files of its nvcc commands spliced in
/// (NvccRules::spliceOptionsFiles, builtin rules): an argument adjuster
/// cannot, as it is not told the command's directory.
std::unique_ptr<clang::tooling::CompilationDatabase>
withNvccOptionsFiles(std::unique_ptr<clang::tooling::CompilationDatabase> DB);

/// Rewrites nvcc command lines (argv[0] included) and leaves the others
/// alone. Run it before any other adjuster (e.g. on the database with
/// clang::tooling::ArgumentsAdjustingCompilations): the defaults of
/// ClangTool (-fsyntax-only, output stripping) do not know nvcc's options.
clang::tooling::ArgumentsAdjuster nvccToClangAdjuster(NvccTranslationOptions Options = {});

} // namespace dispatch::driver
