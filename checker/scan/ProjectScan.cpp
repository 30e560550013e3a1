#include "ProjectScan.h"

#include "Dispatchers.h"

#include "CompilationDatabase.h"
#include "FactCollector.h"
#include "ParallelRunner.h"
#include "ScanUnits.h"
#include "TuRunner.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <stdexcept>

namespace dispatch::scan {

using namespace clang;
using namespace clang::tooling;

namespace {

TuFact tuOf(const Unit &U, const PathMapper &Paths) {
  TuFact Tu;
  Tu.File = Paths.map(U.Command.Filename, U.Command.Directory);
  Tu.Pass = U.Pass;
  return Tu;
}

/// The facts of one TU (the caller's crash-recovery context drops them if
/// the TU crashes).
Facts collectUnit(const Unit &U, const CollectOptions &O, const PathMapper &Paths) {
  Facts Out;
  Out.Root = Paths.root();
  TuFact Tu = tuOf(U, Paths);
  driver::TuRunner Runner({O.Checks, /*KeepLatent=*/true});
  driver::TuCommand Run = commandFor(U, O.ExtraArgs, O.LlvmRoot);
  auto Collect = [&](ASTContext &Ctx, const std::vector<const Finding *> &Found,
                     llvm::StringRef Dir) { collectFacts(Ctx, Found, Paths, Dir, Out, Tu); };
  int Status = Runner.run(Run, Collect);
  Tu.CompileErrors = std::max(Runner.compileErrors(), unsigned(Status != 0));
  // Said once per TU: the facts of a TU that does not compile are partial.
  if (Tu.CompileErrors)
    llvm::errs() << "dispatch-scan: " << U.Command.Filename << (U.Pass.empty() ? "" : " (" + U.Pass + ")")
                 << " does not compile"
                 << (Runner.firstCompileError().empty() ? "" : ": " + Runner.firstCompileError())
                 << "\n";
  Out.addTu(std::move(Tu));
  return Out;
}

std::string fileNameFor(size_t Index, const Unit &U) {
  std::string Base = llvm::sys::path::filename(U.Command.Filename).str();
  std::string Pass = U.Pass; // "device sm_80": no space in a file name
  std::replace(Pass.begin(), Pass.end(), ' ', '-');
  return std::to_string(Index) + "-" + Base + (Pass.empty() ? "" : "." + Pass) + ".facts.json";
}

} // namespace

llvm::Expected<Facts> collectProject(const CollectOptions &O) {
  auto DB = driver::loadCompilationDatabase(O.BuildDir);
  if (!DB)
    return DB.takeError();
  std::vector<Unit> Units = selectUnits(**DB, O.Files, O.Filter);
  llvm::SmallString<256> Root(O.Root.empty() ? "." : O.Root);
  llvm::sys::fs::make_absolute(Root);
  llvm::sys::path::remove_dots(Root, true);
  PathMapper Paths(Root.str().str());
  if (!O.PerTuDir.empty())
    if (std::error_code EC = llvm::sys::fs::create_directories(O.PerTuDir))
      return llvm::createStringError(EC, "%s: %s", O.PerTuDir.c_str(), EC.message().c_str());

  std::vector<Facts> Results(Units.size());
  size_t Done = 0;
  auto ScanOne = [&](size_t I) { Results[I] = collectUnit(Units[I], O, Paths); };
  auto Finished = [&](size_t I, bool Ok) {
    if (!Ok) {
      // Whatever the crashed TU had collected is dropped; the TU stays in
      // the facts, marked, and the scan goes on.
      Results[I] = Facts();
      Results[I].Root = Paths.root();
      TuFact Tu = tuOf(Units[I], Paths);
      Tu.Crashed = true;
      Results[I].addTu(std::move(Tu));
      llvm::errs() << "\ndispatch-scan: crash while scanning " << Results[I].Tus.back().label()
                   << " (its facts are dropped; the scan goes on)\n";
    }
    if (!O.PerTuDir.empty()) {
      llvm::SmallString<256> P(O.PerTuDir);
      llvm::sys::path::append(P, fileNameFor(I, Units[I]));
      if (llvm::Error E = Results[I].write(P.str().str()))
        llvm::errs() << "\ndispatch-scan: " << llvm::toString(std::move(E)) << "\n";
    }
    ++Done;
    if (O.Progress) {
      std::string Label = Results[I].Tus.back().label();
      if (Label.size() > 60)
        Label = "…" + Label.substr(Label.size() - 59);
      llvm::errs() << "\r\033[K[" << Done << "/" << Units.size() << "] " << Label;
      if (Done == Units.size())
        llvm::errs() << "\n";
      llvm::errs().flush();
    }
  };
  driver::runInParallel(Units.size(), O.Jobs, ScanOne, Finished);

  Facts All;
  All.Root = Paths.root();
  for (const Facts &F : Results) // in database order: deterministic output
    All.merge(F);
  settleDispatchers(All);
  return All;
}

} // namespace dispatch::scan
