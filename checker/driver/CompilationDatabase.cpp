#include "CompilationDatabase.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <algorithm>

namespace dispatch::driver {

using namespace clang::tooling;

bool isNvccCommand(const CompileCommand &C) {
  if (C.CommandLine.empty())
    return false;
  llvm::StringRef Exe = llvm::sys::path::filename(C.CommandLine[0]);
  return Exe == "nvcc" || Exe == "nvcc.exe";
}

static std::string translatorPath() {
  std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, (void *)&translatorPath);
  llvm::SmallString<256> Installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Installed, "share", "dispatch-tidy", "cuda", "nvcc_to_clang.py");
  if (llvm::sys::fs::exists(Installed))
    return Installed.str().str();
  return DISPATCH_SOURCE_DIR "/integrations/cuda/nvcc_to_clang.py";
}

llvm::Expected<std::unique_ptr<CompilationDatabase>> loadCompilationDatabase(llvm::StringRef Dir) {
  std::string Why;
  auto Failed = [&] {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "compile_commands.json");
  std::unique_ptr<CompilationDatabase> DB =
      JSONCompilationDatabase::loadFromFile(Path, Why, JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return Failed();
  auto All = DB->getAllCompileCommands();
  if (std::none_of(All.begin(), All.end(), isNvccCommand))
    return DB;
  llvm::SmallString<256> Tmp;
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("dispatch-db", Tmp)) {
    Why = "cannot create a temporary directory: " + EC.message();
    return Failed();
  }
  llvm::SmallString<256> Out(Tmp);
  llvm::sys::path::append(Out, "compile_commands.json");
  auto Python = llvm::sys::findProgramByName("python3");
  if (!Python) {
    Why = "the database has nvcc commands and translating them needs python3";
    return Failed();
  }
  std::string Script = translatorPath();
  llvm::StringRef Args[] = {*Python, Script, Path, Out};
  std::string Err;
  std::unique_ptr<CompilationDatabase> Translated;
  if (llvm::sys::ExecuteAndWait(*Python, Args, std::nullopt, {}, 0, 0, &Err) != 0)
    Why = "translating nvcc commands with " + Script + " failed " + Err;
  else
    Translated = JSONCompilationDatabase::loadFromFile(Out, Why, JSONCommandLineSyntax::AutoDetect);
  llvm::sys::fs::remove(Out); // read into memory: the copy is not needed
  llvm::sys::fs::remove(Tmp);
  if (!Translated)
    return Failed();
  return std::move(Translated);
}

} // namespace dispatch::driver
