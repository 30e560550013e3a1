#include "ProjectScan.h"

#include "CheckRunner.h"
#include "ClangDatabase.h"
#include "FactCollector.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
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

class CollectAction : public ASTFrontendAction {
public:
  CollectAction(CheckRunner &Runner, const PathMapper &Paths, Facts &Out, TuFact &Tu)
      : Runner(Runner), Paths(Paths), Out(Out), Tu(Tu) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef File) override {
    Runner.begin(CI, File);
    std::string Dir;
    if (auto D = CI.getFileManager().getVirtualFileSystem().getCurrentWorkingDirectory())
      Dir = *D;
    return std::make_unique<Consumer>(*this, std::move(Dir));
  }

private:
  class Consumer : public ASTConsumer {
  public:
    Consumer(CollectAction &A, std::string Dir) : A(A), Dir(std::move(Dir)) {}
    void HandleTranslationUnit(ASTContext &Ctx) override {
      // A TU with compile errors is still scanned, as clang-tidy would; the
      // report counts it so that its holes are not mistaken for a clean bill.
      std::vector<Widening> Ws = A.Runner.run(Ctx);
      collectFacts(Ctx, Ws, A.Paths, Dir, A.Out, A.Tu);
    }

  private:
    CollectAction &A;
    std::string Dir;
  };

  CheckRunner &Runner;
  const PathMapper &Paths;
  Facts &Out;
  TuFact &Tu;
};

class CollectActionFactory : public FrontendActionFactory {
public:
  CollectActionFactory(CheckRunner &Runner, const PathMapper &Paths, Facts &Out, TuFact &Tu)
      : Runner(Runner), Paths(Paths), Out(Out), Tu(Tu) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<CollectAction>(Runner, Paths, Out, Tu);
  }

private:
  CheckRunner &Runner;
  const PathMapper &Paths;
  Facts &Out;
  TuFact &Tu;
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

Facts collectUnit(const Unit &U, const CollectOptions &O, const PathMapper &Paths,
                  const std::string &Resources) {
  Facts Out;
  Out.Root = Paths.root();
  TuFact Tu;
  Tu.File = Paths.map(U.Command.Filename, U.Command.Directory);
  Tu.Pass = U.Pass;
  SingleCommandDatabase DB(U.Command);
  CheckRunner Runner({O.Checks});
  ClangTool Tool(DB, {U.Command.Filename});
  Tool.setDiagnosticConsumer(&Runner.diagnosticConsumer());
  // No "N warnings generated." lines on stderr (they break the progress
  // bar): the diagnostics go to the check runner, not to a terminal.
  std::vector<std::string> Extra = {"-fno-caret-diagnostics"};
  Extra.insert(Extra.end(), O.ExtraArgs.begin(), O.ExtraArgs.end());
  if (U.Pass == "host")
    Extra.push_back("--cuda-host-only");
  else if (U.Pass == "device")
    Extra.push_back("--cuda-device-only");
  if (!hasArg(U.Command, "-resource-dir"))
    Extra.push_back("-resource-dir=" + Resources);
  Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(Extra, ArgumentInsertPosition::END));
  CollectActionFactory Factory(Runner, Paths, Out, Tu);
  llvm::CrashRecoveryContext CRC;
  int Status = 0;
  bool Finished = CRC.RunSafely([&] { Status = Tool.run(&Factory); });
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
  std::string Resources = clangResourceDir(O.LlvmRoot);
  if (!O.PerTuDir.empty())
    llvm::sys::fs::create_directories(O.PerTuDir);

  llvm::CrashRecoveryContext::Enable();
  std::vector<Facts> Results(Units.size());
  std::atomic<size_t> Done{0};
  std::mutex OutputLock;
  auto ScanOne = [&](size_t I) {
        Results[I] = collectUnit(Units[I], O, Paths, Resources);
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
