#include "ScanUnits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

namespace dispatch::scan {

using clang::tooling::CompileCommand;

static bool isCuda(const CompileCommand &C) {
  for (size_t I = 0; I + 1 < C.CommandLine.size(); ++I)
    if (C.CommandLine[I] == "-x")
      return C.CommandLine[I + 1] == "cuda";
  return llvm::StringRef(C.Filename).ends_with(".cu");
}

static bool hasArg(const CompileCommand &C, llvm::StringRef A) {
  return llvm::is_contained(C.CommandLine, A);
}

std::vector<Unit> selectUnits(const clang::tooling::CompilationDatabase &DB,
                              const std::vector<std::string> &Files, const std::string &Filter) {
  std::vector<CompileCommand> Commands;
  if (Files.empty()) {
    Commands = DB.getAllCompileCommands();
  } else {
    for (const std::string &F : Files) {
      llvm::SmallString<256> Abs(F);
      llvm::sys::fs::make_absolute(Abs);
      auto Cs = DB.getCompileCommands(Abs);
      if (Cs.empty())
        llvm::errs() << "dispatch-scan: warning: " << F << " is not in the compilation database\n";
      Commands.insert(Commands.end(), Cs.begin(), Cs.end());
    }
  }
  llvm::Regex Match(Filter.empty() ? ".*" : Filter);
  std::vector<Unit> Units;
  for (CompileCommand &C : Commands) {
    if (!Match.match(C.Filename))
      continue;
    if (isCuda(C) && !hasArg(C, "--cuda-host-only") && !hasArg(C, "--cuda-device-only")) {
      Units.push_back({C, "host"});
      Units.push_back({C, "device"});
    } else {
      Units.push_back({C, ""});
    }
  }
  return Units;
}

driver::TuCommand commandFor(const Unit &U, const std::vector<std::string> &ExtraArgs,
                             const std::string &LlvmRoot) {
  driver::TuCommand Run{U.Command, ExtraArgs, LlvmRoot, {}};
  if (U.Pass == "host")
    Run.ExtraArgs.push_back("--cuda-host-only");
  else if (U.Pass == "device")
    Run.ExtraArgs.push_back("--cuda-device-only");
  return Run;
}

} // namespace dispatch::scan
