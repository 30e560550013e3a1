// dispatch-scan: the project-wide "find invalidations" report for C++/CUDA.
//
//   collect  run the dispatch-* checks and record facts over a compilation database
//   merge    merge facts files (scans done in pieces or on many machines)
//   report   the ranked table (SnoopCompile's report_invalidations), JSON, SARIF; CI gate
//   tree     one declaration's dependent sites and callers
//   plot     children per declaration, as SVG
//   diff     what changed between two scans
//   odr      dispatch-odr-divergence findings
//   fix      apply the fixes with their uses' rewrites in every TU, if the project still compiles
#include "Facts.h"
#include "Impact.h"
#include "OdrDivergence.h"
#include "ProjectFix.h"
#include "ProjectScan.h"
#include "Reports.h"
#include "dispatch/Version.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include "llvm/Support/FileSystem.h"

#include <algorithm>

using namespace dispatch::scan;
namespace cl = llvm::cl;

static cl::OptionCategory Category("dispatch-scan options");
static cl::SubCommand Collect("collect", "Scan a compilation database and write facts");
static cl::SubCommand Merge("merge", "Merge facts files");
static cl::SubCommand Report("report", "Rank widening declarations by impact");
static cl::SubCommand Tree("tree", "Show a declaration's dependent sites and callers");
static cl::SubCommand Plot("plot", "Plot children per declaration as SVG");
static cl::SubCommand Diff("diff", "Compare two scans (facts or report JSON)");
static cl::SubCommand Odr("odr", "Report inline functions compiled differently across TUs");
static cl::SubCommand Fix("fix", "Apply the fixes and rewrite their uses in every TU; write only "
                                 "if the whole database still compiles");

// collect
static cl::opt<std::string> BuildDir("p", cl::desc("Build directory with compile_commands.json"),
                                     cl::value_desc("dir"), cl::sub(Collect), cl::sub(Fix), cl::Required,
                                     cl::cat(Category));
static cl::list<std::string> Sources(cl::Positional, cl::desc("[sources...]"), cl::sub(Collect), cl::sub(Fix),
                                     cl::cat(Category));
static cl::opt<std::string> Filter("filter", cl::desc("Only sources whose path matches this regex"),
                                   cl::sub(Collect), cl::sub(Fix), cl::cat(Category));
static cl::opt<unsigned> Jobs("j", cl::desc("Translation units scanned in parallel"),
                              cl::init(1), cl::sub(Collect), cl::sub(Fix), cl::cat(Category));
static cl::opt<std::string> ChecksGlob("checks",
                                       cl::desc("Check glob appended to the project's .clang-tidy"),
                                       cl::sub(Collect), cl::sub(Fix), cl::cat(Category));
static cl::list<std::string> ExtraArgs("extra-arg", cl::desc("Argument appended to every command"),
                                       cl::sub(Collect), cl::sub(Fix), cl::cat(Category));
static cl::opt<std::string> PerTu("per-tu-dir", cl::desc("Also write one facts file per TU here"),
                                  cl::sub(Collect), cl::cat(Category));
static cl::opt<bool> NoProgress("no-progress", cl::desc("No progress bar even on a terminal"),
                                cl::sub(Collect), cl::cat(Category));
static cl::opt<std::string> Root("root", cl::desc("Project root: paths are reported relative to it"),
                                 cl::sub(Collect), cl::sub(Fix), cl::cat(Category));
static cl::opt<std::string> Output("o", cl::desc("Output file (default: stdout)"),
                                   cl::value_desc("file"), cl::sub(Collect), cl::sub(Merge),
                                   cl::sub(Report), cl::sub(Plot), cl::cat(Category));

static cl::opt<bool> DryRun("dry-run", cl::desc("Check that the fixes compile; write nothing"),
                            cl::sub(Fix), cl::cat(Category));

// merge
static cl::list<std::string> MergeInputs(cl::Positional, cl::desc("<facts files or directories...>"),
                                         cl::OneOrMore, cl::sub(Merge), cl::cat(Category));
static cl::opt<unsigned> MergeJobs("j", cl::desc("Files parsed in parallel"), cl::init(2),
                                   cl::sub(Merge), cl::cat(Category));

// report / tree / plot / odr
static cl::opt<std::string> FactsFile(cl::Positional,
                                      cl::desc("<facts.json or a directory of per-TU facts>"),
                                      cl::Required, cl::sub(Report), cl::sub(Tree), cl::sub(Plot),
                                      cl::sub(Odr), cl::cat(Category));
static cl::opt<unsigned> ReadJobs("j", cl::desc("Facts files parsed in parallel (directories)"),
                                  cl::init(2), cl::sub(Report), cl::sub(Tree), cl::sub(Plot),
                                  cl::sub(Odr), cl::cat(Category));
static cl::list<std::string> Entries("entry",
                                     cl::desc("Count only code reachable from these functions"),
                                     cl::sub(Report), cl::sub(Tree), cl::sub(Plot), cl::sub(Diff),
                                     cl::cat(Category));
static cl::opt<std::string> Format("format", cl::desc("table (default), json or sarif"),
                                   cl::init("table"), cl::sub(Report), cl::sub(Diff),
                                   cl::cat(Category));
static cl::opt<std::string> SarifUriBase(
    "sarif-uri-base",
    cl::desc("URL the docs paths of SARIF helpUri are relative to, ending in '/' (e.g. "
             "https://github.com/OWNER/dispatch-tidy/blob/TAG/); default: file:// URIs of the docs "
             "installed beside dispatch-scan, else of its source tree"),
    cl::sub(Report), cl::cat(Category));
static cl::opt<std::string> By("by", cl::desc("Totals by 'check' or 'file' instead of the table"),
                               cl::sub(Report), cl::cat(Category));
static cl::opt<std::string> Baseline("baseline",
                                     cl::desc("Compare with this scan (facts or report JSON)"),
                                     cl::sub(Report), cl::cat(Category));
static cl::opt<bool> FailOnNew("fail-on-new",
                               cl::desc("With --baseline: exit 1 when a declaration is new or "
                                        "its impact grew"),
                               cl::sub(Report), cl::cat(Category));
static cl::opt<bool> Latent("latent",
                            cl::desc("Also list latent declarations (no effect in any TU)"),
                            cl::sub(Report), cl::sub(Tree), cl::sub(Plot), cl::cat(Category));
static cl::opt<std::string> TreeQuery(cl::Positional, cl::desc("<id|rank|name|file:line>"),
                                      cl::Required, cl::sub(Tree), cl::cat(Category));
static cl::opt<unsigned> Depth("depth", cl::desc("Caller levels shown"), cl::init(4),
                               cl::sub(Tree), cl::cat(Category));
static cl::opt<std::string> Svg("svg", cl::desc("SVG file to write"), cl::sub(Plot),
                                cl::cat(Category));
static cl::opt<std::string> Title("title", cl::desc("Plot title"),
                                  cl::init("dispatch-scan: children per widening declaration"),
                                  cl::sub(Plot), cl::cat(Category));
static cl::opt<bool> FailOnOdr("fail", cl::desc("Exit 1 when there is a divergence"),
                               cl::sub(Odr), cl::cat(Category));

// diff
static cl::opt<std::string> DiffOld(cl::Positional, cl::desc("<old>"), cl::Required,
                                    cl::sub(Diff), cl::cat(Category));
static cl::opt<std::string> DiffNew(cl::Positional, cl::desc("<new>"), cl::Required,
                                    cl::sub(Diff), cl::cat(Category));

/// Exit codes: 0 done, 1 the verdict asked for failed (gate, tree query,
/// divergences), 2 a TU crashed during collect, 4 a tool or input error.
enum ExitCode { Done = 0, Verdict = 1, TuCrashed = 2, ToolError = 4 };

/// Output paths are resolved once, against the directory dispatch-scan was
/// started in, before any work (and any worker thread) starts.
static std::string absolute(llvm::StringRef Path) {
  if (Path.empty() || Path == "-")
    return Path.str();
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  return P.str().str();
}

/// The options collect and fix share.
static void setUnitOptions(UnitOptions &O) {
  O.BuildDir = absolute(BuildDir);
  O.Files.assign(Sources.begin(), Sources.end());
  O.Filter = Filter;
  O.Root = absolute(Root);
  O.Checks = ChecksGlob;
  O.ExtraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  O.Jobs = Jobs;
  O.LlvmRoot = DISPATCH_LLVM_ROOT;
}

static llvm::Expected<int> runCollect() {
  CollectOptions O;
  setUnitOptions(O);
  O.Progress = !NoProgress && llvm::sys::Process::StandardErrIsDisplayed();
  O.PerTuDir = absolute(PerTu);
  std::string Out = absolute(Output);
  llvm::Expected<Facts> F = collectProject(O);
  if (!F)
    return F.takeError();
  if (llvm::Error E = writeOutput(F->toJson().dump() + "\n", Out))
    return std::move(E);
  size_t Crashed = 0;
  for (const TuFact &T : F->Tus)
    Crashed += T.Crashed;
  return Crashed ? TuCrashed : Done;
}

static llvm::Expected<int> runMerge() {
  llvm::Expected<Facts> All = loadFacts({MergeInputs.begin(), MergeInputs.end()}, MergeJobs);
  if (!All)
    return All.takeError();
  if (llvm::Error E = writeOutput(All->toJson().dump() + "\n", Output))
    return std::move(E);
  return Done;
}

static std::vector<std::string> entries() { return {Entries.begin(), Entries.end()}; }

static llvm::Error usage(const std::string &What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), What);
}

/// Without --sarif-uri-base, helpUri points at the docs on this machine
/// (SARIF wants absolute URIs): the install's doc directory
/// (<prefix>/share/doc/dispatch-tidy-llvm<V>, beside
/// <prefix>/lib/dispatch-tidy/llvm-<V>/bin/dispatch-scan), whose pages lie
/// without the docs/ prefix; else the source tree it was built from.
static std::pair<std::string, bool> localDocs() {
  std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, (void *)&localDocs);
  if (!Exe.empty()) {
    llvm::SmallString<256> Doc(Exe);
    for (int I = 0; I < 5; ++I) // bin, llvm-<V>, dispatch-tidy, lib, <prefix>
      llvm::sys::path::remove_filename(Doc);
    llvm::sys::path::append(Doc, "share", "doc", "dispatch-tidy-llvm" DISPATCH_LLVM_MAJOR);
    if (llvm::sys::fs::exists(Doc + "/README.md"))
      return {"file://" + Doc.str().str() + "/", true};
  }
  return {"file://" DISPATCH_SOURCE_DIR "/", false};
}

static llvm::Expected<int> runReport() {
  llvm::Expected<Facts> F = loadFacts({FactsFile}, ReadJobs);
  if (!F)
    return F.takeError();
  ImpactAnalysis A(*F, entries(), Latent);
  std::vector<OdrDivergence> Divergences = findOdrDivergences(*F);
  std::string Text;
  if (Format == "json")
    Text = reportJson(A, Divergences).dump(2) + "\n";
  else if (Format == "sarif") {
    auto [Base, Flattened] =
        SarifUriBase.empty() ? localDocs() : std::make_pair(SarifUriBase.getValue(), false);
    Text = sarifLog(A, Divergences, DISPATCH_TIDY_VERSION, Base, Flattened).dump(2) + "\n";
  } else if (Format == "table")
    Text = (By.empty() ? renderTable(A) : renderTotals(A, By)) +
           renderSummary(A, Divergences.size());
  else
    return usage("unknown --format '" + Format + "' (table, json, sarif)");
  if (llvm::Error E = writeOutput(Text, Output))
    return std::move(E);
  if (Baseline.empty())
    return Done;
  llvm::Expected<ScanSummary> Old = ScanSummary::read(Baseline, entries());
  if (!Old)
    return Old.takeError();
  DiffResult D = diffScans(*Old, ScanSummary::of(A));
  // The gate's verdict goes to stderr so that stdout stays the report.
  llvm::errs() << "against the baseline " << Baseline << ":\n" << renderDiff(D);
  if (FailOnNew && D.regressed()) {
    llvm::errs() << "dispatch-scan: " << D.count(DiffStatus::New) << " new and "
                 << D.count(DiffStatus::Grown) << " grown widening declarations (see above)\n";
    return Verdict;
  }
  return Done;
}

static llvm::Expected<int> runTree() {
  llvm::Expected<Facts> F = loadFacts({FactsFile}, ReadJobs);
  if (!F)
    return F.takeError();
  ImpactAnalysis A(*F, entries(), Latent);
  auto Found = findDeclarations(A, TreeQuery);
  if (Found.empty()) {
    llvm::errs() << "dispatch-scan: no widening declaration matches '" << TreeQuery
                 << "' (try an id or a rank from `dispatch-scan report`)\n";
    return Verdict;
  }
  for (const DeclarationImpact *I : Found)
    llvm::outs() << renderTree(A, *I, Depth);
  return Done;
}

static llvm::Expected<int> runPlot() {
  llvm::Expected<Facts> F = loadFacts({FactsFile}, ReadJobs);
  if (!F)
    return F.takeError();
  ImpactAnalysis A(*F, entries(), Latent);
  if (llvm::Error E = writeOutput(renderPlot(A, Title), Svg.empty() ? Output : Svg))
    return std::move(E);
  return Done;
}

static llvm::Expected<int> runDiff() {
  llvm::Expected<ScanSummary> Old = ScanSummary::read(DiffOld, entries());
  if (!Old)
    return Old.takeError();
  llvm::Expected<ScanSummary> New = ScanSummary::read(DiffNew, entries());
  if (!New)
    return New.takeError();
  DiffResult D = diffScans(*Old, *New);
  if (Format == "json") {
    nlohmann::json J = nlohmann::json::array();
    for (const DiffEntry &E : D.Entries)
      J.push_back({{"status", diffStatusName(E.Status)}, {"check", E.Check}, {"name", E.Name},
                   {"loc", E.Loc.str()}, {"old", E.Old}, {"new", E.New},
                   {"new_sites", E.NewSites}});
    llvm::outs() << nlohmann::json{{"entries", J},
                                   {"old_total_affected", D.OldTotal},
                                   {"new_total_affected", D.NewTotal}}
                        .dump(2)
                 << "\n";
  } else {
    llvm::outs() << renderDiff(D);
  }
  return Done;
}

static llvm::Expected<int> runOdr() {
  llvm::Expected<Facts> F = loadFacts({FactsFile}, ReadJobs);
  if (!F)
    return F.takeError();
  auto Divergences = findOdrDivergences(*F);
  for (const OdrDivergence &D : Divergences)
    llvm::outs() << odrMessage(D, *F) << "\n";
  size_t Broken = 0;
  for (const TuFact &T : F->Tus)
    Broken += T.CompileErrors > 0 || T.Crashed;
  llvm::outs() << Divergences.size() << " ODR divergences in " << F->Tus.size()
               << " translation units";
  if (Broken)
    llvm::outs() << " (" << Broken << " with compile errors not compared)";
  llvm::outs() << "\n";
  return FailOnOdr && !Divergences.empty() ? Verdict : Done;
}

/// Exit codes of fix: 0 fixed and compiling (or nothing to fix), 1 the
/// fixes would break the build (nothing written), 4 a tool or input error.
static llvm::Expected<int> runFix() {
  FixOptions O;
  setUnitOptions(O);
  O.DryRun = DryRun;
  llvm::Expected<FixOutcome> R = fixProject(O, llvm::outs());
  if (!R)
    return R.takeError();
  return R->Compiles ? Done : Verdict;
}

static void printVersion(llvm::raw_ostream &OS) {
  OS << dispatch::versionText("dispatch-scan");
}

int main(int argc, const char **argv) {
  llvm::InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  cl::ParseCommandLineOptions(argc, argv,
                              "dispatch-scan: rank the declarations that widen overload "
                              "resolution by the code they affect\n");
  auto Run = []() -> llvm::Expected<int> {
    if (Collect)
      return runCollect();
    if (Merge)
      return runMerge();
    if (Report)
      return runReport();
    if (Tree)
      return runTree();
    if (Plot)
      return runPlot();
    if (Diff)
      return runDiff();
    if (Odr)
      return runOdr();
    if (Fix)
      return runFix();
    cl::PrintHelpMessage();
    return Verdict;
  };
  llvm::Expected<int> Result = Run();
  if (!Result) {
    llvm::errs() << "dispatch-scan: error: " << llvm::toString(Result.takeError()) << "\n";
    return ToolError;
  }
  return *Result;
}
