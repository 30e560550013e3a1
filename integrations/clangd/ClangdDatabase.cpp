#include "ClangdDatabase.h"

#include "FileTime.h"
#include "NvccTranslation.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

namespace dispatch::clangd {

using namespace clang::tooling;

static llvm::Error failure(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

std::string ClangdDatabase::defaultCacheRoot() {
  if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X)
    return std::string(X) + "/dispatch-clangd";
  if (const char *H = std::getenv("HOME"); H && *H)
    return std::string(H) + "/.cache/dispatch-clangd";
  return "/tmp/dispatch-clangd";
}

llvm::Expected<std::optional<std::string>> ClangdDatabase::directoryFor(llvm::StringRef SourceDir) {
  llvm::SmallString<256> Source(SourceDir);
  llvm::sys::fs::make_absolute(Source);
  llvm::sys::path::remove_dots(Source, true);
  std::string SourceFile = (Source + "/compile_commands.json").str();
  auto SourceTime = modificationTime(SourceFile);
  if (!SourceTime)
    return std::nullopt;
  // One directory per project database, named after its path.
  std::string Dir = CacheRoot + "/" + llvm::utohexstr(llvm::xxHash64(Source.str()), true);
  std::string Copy = Dir + "/compile_commands.json";
  std::string Empty = Dir + "/no-nvcc"; // SourceFile had no nvcc entry
  if (auto CopyTime = modificationTime(Copy); CopyTime && *CopyTime >= *SourceTime)
    return std::optional<std::string>(Dir);
  if (auto EmptyTime = modificationTime(Empty); EmptyTime && *EmptyTime >= *SourceTime)
    return std::nullopt;

  std::string Why;
  auto DB = JSONCompilationDatabase::loadFromFile(SourceFile, Why, JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return failure(Why);
  driver::NvccTranslationOptions Options;
  Options.ClangXX = LlvmRoot + "/bin/clang++";
  nlohmann::json Entries = nlohmann::json::array();
  bool AnyNvcc = false;
  for (const CompileCommand &C : DB->getAllCompileCommands()) {
    std::vector<std::string> Args = C.CommandLine;
    if (driver::isNvccCommand(C)) {
      AnyNvcc = true;
      Args = driver::translateNvccArguments(C.CommandLine, Options);
      Args.push_back("--cuda-host-only"); // the side an editor shows
    }
    nlohmann::json E = {{"directory", C.Directory}, {"file", C.Filename}, {"arguments", Args}};
    if (!C.Output.empty())
      E["output"] = C.Output;
    Entries.push_back(std::move(E));
  }
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return failure("cannot create " + Dir + ": " + EC.message());
  if (!AnyNvcc) {
    llvm::sys::fs::remove(Copy);
    std::ofstream(Empty) << SourceFile << "\n";
    return std::nullopt;
  }
  // Written whole, then renamed: clangd may read it at any moment.
  std::string Temp = Copy + ".tmp";
  {
    std::ofstream Out(Temp);
    Out << Entries.dump(1) << "\n";
    if (!Out)
      return failure("cannot write " + Temp);
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Copy))
    return failure("cannot write " + Copy + ": " + EC.message());
  llvm::sys::fs::remove(Empty);
  std::ofstream(Dir + "/source") << SourceFile << "\n";
  return std::optional<std::string>(Dir);
}

} // namespace dispatch::clangd
