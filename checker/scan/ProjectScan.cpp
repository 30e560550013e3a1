#include "ProjectScan.h"

#include "CheckRunner.h"
#include "ClangDatabase.h"
#include "FactCollector.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <mutex>
#include <stdexcept>

namespace dispatch::scan {

using namespace clang;
using namespace clang::tooling;

namespace {

struct Unit {
  CompileCommand Command;
  std::string Pass; // "", "host", "device"
};

bool isCuda(const CompileCommand &C) {
  for (size_t I = 0; I + 1 < C.CommandLine.size(); ++I)
    if (C.CommandLine[I] == "-x")
      return C.CommandLine[I + 1] == "cuda";
  return llvm::StringRef(C.Filename).endswith(".cu");
}

bool hasArg(const CompileCommand &C, llvm::StringRef A) {
  return llvm::is_contained(C.CommandLine, A);
}

std::vector<Unit> selectUnits(const CompilationDatabase &DB, const CollectOptions &O) {
  std::vector<CompileCommand> Commands;
  if (O.Files.empty()) {
    Commands = DB.getAllCompileCommands();
  } else {
    for (const std::string &F : O.Files) {
      llvm::SmallString<256> Abs(F);
      llvm::sys::fs::make_absolute(Abs);
      auto Cs = DB.getCompileCommands(Abs);
      if (Cs.empty())
        llvm::errs() << "dispatch-scan: warning: " << F << " is not in the compilation database\n";
      Commands.insert(Commands.end(), Cs.begin(), Cs.end());
    }
  }
  llvm::Regex Filter(O.Filter.empty() ? ".*" : O.Filter);
  std::vector<Unit> Units;
  for (CompileCommand &C : Commands) {
    if (!Filter.match(C.Filename))
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

Facts collectUnit(const Unit &U, const CollectOptions &O, const PathMapper &Paths) {
  Facts Out;
  Out.Root = Paths.root();
  TuFact Tu;
  Tu.File = Paths.map(U.Command.Filename, U.Command.Directory);
  Tu.Pass = U.Pass;
  CheckRunner Runner({O.Checks});
  CheckRun Run{U.Command, O.ExtraArgs, O.LlvmRoot, std::nullopt};
  if (U.Pass == "host")
    Run.ExtraArgs.push_back("--cuda-host-only");
  else if (U.Pass == "device")
    Run.ExtraArgs.push_back("--cuda-device-only");
  auto Collect = [&](ASTContext &Ctx, const std::vector<Widening> &Ws, llvm::StringRef Dir) {
    collectFacts(Ctx, Ws, Paths, Dir, Out, Tu);
  };
  llvm::CrashRecoveryContext CRC;
  int Status = 0;
  bool Finished = CRC.RunSafely([&] { Status = Runner.runOn(Run, Collect); });
  if (!Finished) {
    Out = Facts();
    Out.Root = Paths.root();
    Tu.Resolutions.clear();
    Tu.Crashed = true;
  }
  Tu.CompileErrors = std::max(Runner.compileErrors(), unsigned(Finished && Status != 0));
  Out.addTu(std::move(Tu));
  return Out;
}

std::string fileNameFor(size_t Index, const Unit &U) {
  std::string Base = llvm::sys::path::filename(U.Command.Filename).str();
  return std::to_string(Index) + "-" + Base + (U.Pass.empty() ? "" : "." + U.Pass) + ".facts.json";
}

} // namespace

Facts collectProject(const CollectOptions &O) {
  std::string Why;
  std::unique_ptr<CompilationDatabase> DB = loadClangDatabase(O.BuildDir, O.NvccTranslator, Why);
  if (!DB)
    throw std::runtime_error(Why);
  std::vector<Unit> Units = selectUnits(*DB, O);
  llvm::SmallString<256> Root(O.Root.empty() ? "." : O.Root);
  llvm::sys::fs::make_absolute(Root);
  llvm::sys::path::remove_dots(Root, true);
  PathMapper Paths(Root.str().str());
  if (!O.PerTuDir.empty())
    llvm::sys::fs::create_directories(O.PerTuDir);

  llvm::CrashRecoveryContext::Enable();
  std::vector<Facts> Results(Units.size());
  std::atomic<size_t> Done{0};
  std::mutex OutputLock;
  auto ScanOne = [&](size_t I) {
        Results[I] = collectUnit(Units[I], O, Paths);
        if (!O.PerTuDir.empty()) {
          llvm::SmallString<256> P(O.PerTuDir);
          llvm::sys::path::append(P, fileNameFor(I, Units[I]));
          Results[I].write(P.str().str());
        }
        size_t N = ++Done;
        std::lock_guard<std::mutex> Lock(OutputLock);
        const TuFact &T = Results[I].Tus.back();
        if (T.Crashed)
          llvm::errs() << "\ndispatch-scan: crash while scanning " << T.label()
                       << " (its facts are dropped; the scan goes on)\n";
        if (O.Progress) {
          std::string Label = T.label();
          if (Label.size() > 60)
            Label = "…" + Label.substr(Label.size() - 59);
          llvm::errs() << "\r\033[K[" << N << "/" << Units.size() << "] " << Label;
          if (N == Units.size())
            llvm::errs() << "\n";
          llvm::errs().flush();
        }
  };
  if (O.Jobs <= 1) {
    // On the main thread: its heap arena serves Clang's allocations faster
    // than a worker thread's does.
    for (size_t I = 0; I < Units.size(); ++I)
      ScanOne(I);
  } else {
    llvm::ThreadPool Pool(llvm::hardware_concurrency(O.Jobs));
    for (size_t I = 0; I < Units.size(); ++I)
      Pool.async([&, I] { ScanOne(I); });
    Pool.wait();
  }
  llvm::CrashRecoveryContext::Disable();

  Facts All;
  All.Root = Paths.root();
  for (const Facts &F : Results) // in database order: deterministic output
    All.merge(F);
  return All;
}

} // namespace dispatch::scan
