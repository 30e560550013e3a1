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

/// The GPU architecture an argument names (`--cuda-gpu-arch=sm_80`,
/// `--offload-arch=sm_80`), empty for any other argument.
static llvm::StringRef gpuArchOf(llvm::StringRef Arg) {
  for (llvm::StringRef Flag : {"--cuda-gpu-arch=", "--offload-arch="})
    if (Arg.consume_front(Flag))
      return Arg;
  return {};
}

/// The command's distinct GPU architectures, in order.
static std::vector<std::string> gpuArchs(const CompileCommand &C) {
  std::vector<std::string> Out;
  for (const std::string &A : C.CommandLine)
    if (llvm::StringRef Arch = gpuArchOf(A); !Arch.empty() && !llvm::is_contained(Out, Arch))
      Out.push_back(Arch.str());
  return Out;
}

/// C compiling for Arch only: its other architectures' flags dropped.
static CompileCommand withOnlyArch(CompileCommand C, llvm::StringRef Arch) {
  llvm::erase_if(C.CommandLine, [&](const std::string &A) {
    llvm::StringRef Other = gpuArchOf(A);
    return !Other.empty() && Other != Arch;
  });
  return C;
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
      // A device pass compiles one architecture (LibTooling reads the first
      // of several device jobs): one unit per architecture, each of which
      // may take its own `#if __CUDA_ARCH__` branches.
      std::vector<std::string> Archs = gpuArchs(C);
      if (Archs.size() <= 1)
        Units.push_back({C, "device"});
      else
        for (const std::string &Arch : Archs)
          Units.push_back({withOnlyArch(C, Arch), "device " + Arch});
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
  else if (llvm::StringRef(U.Pass).starts_with("device"))
    Run.ExtraArgs.push_back("--cuda-device-only");
  return Run;
}

} // namespace dispatch::scan
