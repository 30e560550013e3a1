// dispatch-scan: the project-wide "find invalidations" report for C++/CUDA.
//
//   collect  run the dispatch-* checks and record facts over a compilation database
//   merge    merge facts files (scans done in pieces or on many machines)
//   report   the ranked table (SnoopCompile's report_invalidations), JSON, SARIF; CI gate
//   tree     one declaration's dependent sites and callers
//   plot     children per declaration, as SVG
//   diff     what changed between two scans
//   odr      dispatch-odr-divergence findings
#include "Facts.h"
#include "Impact.h"
#include "OdrDivergence.h"
#include "ProjectScan.h"
#include "Reports.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>

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

// collect
static cl::opt<std::string> BuildDir("p", cl::desc("Build directory with compile_commands.json"),
                                     cl::value_desc("dir"), cl::sub(Collect), cl::Required,
                                     cl::cat(Category));
static cl::list<std::string> Sources(cl::Positional, cl::desc("[sources...]"), cl::sub(Collect),
                                     cl::cat(Category));
static cl::opt<std::string> Filter("filter", cl::desc("Only sources whose path matches this regex"),
                                   cl::sub(Collect), cl::cat(Category));
static cl::opt<unsigned> Jobs("j", cl::desc("Translation units scanned in parallel"),
                              cl::init(1), cl::sub(Collect), cl::cat(Category));
static cl::opt<std::string> ChecksGlob("checks",
                                       cl::desc("Check glob appended to the project's .clang-tidy"),
                                       cl::sub(Collect), cl::cat(Category));
static cl::list<std::string> ExtraArgs("extra-arg", cl::desc("Argument appended to every command"),
                                       cl::sub(Collect), cl::cat(Category));
static cl::opt<std::string> PerTu("per-tu-dir", cl::desc("Also write one facts file per TU here"),
                                  cl::sub(Collect), cl::cat(Category));
static cl::opt<std::string> Translator("nvcc-translator",
                                       cl::desc("nvcc_to_clang.py (default: installed copy)"),
                                       cl::sub(Collect), cl::cat(Category));
static cl::opt<bool> NoProgress("no-progress", cl::desc("No progress bar even on a terminal"),
                                cl::sub(Collect), cl::cat(Category));
static cl::opt<std::string> Root("root", cl::desc("Project root: paths are reported relative to it"),
                                 cl::sub(Collect), cl::cat(Category));
static cl::opt<std::string> Output("o", cl::desc("Output file (default: stdout)"),
                                   cl::value_desc("file"), cl::sub(Collect), cl::sub(Merge),
                                   cl::sub(Report), cl::sub(Plot), cl::cat(Category));

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
static cl::opt<std::string> By("by", cl::desc("Totals by 'check' or 'file' instead of the table"),
                               cl::sub(Report), cl::cat(Category));
static cl::opt<std::string> Baseline("baseline",
                                     cl::desc("Compare with this scan (facts or report JSON)"),
                                     cl::sub(Report), cl::cat(Category));
static cl::opt<bool> FailOnNew("fail-on-new",
                               cl::desc("With --baseline: exit 1 when a declaration is new or "
                                        "its impact grew"),
                               cl::sub(Report), cl::cat(Category));
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

static void emit(const std::string &Text, const std::string &Path) {
  if (Path.empty() || Path == "-") {
    std::cout << Text;
    return;
  }
  std::ofstream Out(Path, std::ios::binary);
  if (!Out)
    throw std::runtime_error(Path + ": cannot write");
  Out << Text;
}

static int runCollect() {
  CollectOptions O;
  O.BuildDir = BuildDir;
  O.Files.assign(Sources.begin(), Sources.end());
  O.Filter = Filter;
  O.Root = Root;
  O.Checks = ChecksGlob;
  O.ExtraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  O.Jobs = Jobs;
  O.Progress = !NoProgress && llvm::sys::Process::StandardErrIsDisplayed();
  O.NvccTranslator = Translator;
  O.LlvmRoot = DISPATCH_LLVM_ROOT;
  O.PerTuDir = PerTu;
  Facts F = collectProject(O);
  emit(F.toJson().dump() + "\n", Output);
  size_t Crashed = 0;
  for (const TuFact &T : F.Tus)
    Crashed += T.Crashed;
  return Crashed ? 2 : 0;
}

static int runMerge() {
  Facts All = loadFacts({MergeInputs.begin(), MergeInputs.end()}, MergeJobs);
  emit(All.toJson().dump() + "\n", Output);
  return 0;
}

static std::vector<std::string> entries() { return {Entries.begin(), Entries.end()}; }

static int runReport() {
  Facts F = loadFacts({FactsFile}, ReadJobs);
  ImpactAnalysis A(F, entries());
  std::vector<OdrDivergence> Divergences = findOdrDivergences(F);
  if (Format == "json")
    emit(reportJson(A, Divergences).dump(2) + "\n", Output);
  else if (Format == "sarif")
    emit(sarifLog(A, Divergences, DISPATCH_VERSION).dump(2) + "\n", Output);
  else if (Format == "table")
    emit((By.empty() ? renderTable(A) : renderTotals(A, By)) +
             renderSummary(A, Divergences.size()),
         Output);
  else
    throw std::runtime_error("unknown --format '" + Format + "' (table, json, sarif)");
  if (Baseline.empty())
    return 0;
  DiffResult D = diffScans(ScanSummary::read(Baseline, entries()), ScanSummary::of(A));
  // The gate's verdict goes to stderr so that stdout stays the report.
  std::cerr << "against the baseline " << Baseline << ":\n" << renderDiff(D);
  if (FailOnNew && D.regressed()) {
    std::cerr << "dispatch-scan: " << D.count("new") << " new and " << D.count("grown")
              << " grown widening declarations (see above)\n";
    return 1;
  }
  return 0;
}

static int runTree() {
  Facts F = loadFacts({FactsFile}, ReadJobs);
  ImpactAnalysis A(F, entries());
  auto Found = findDeclarations(A, TreeQuery);
  if (Found.empty()) {
    std::cerr << "dispatch-scan: no widening declaration matches '" << TreeQuery
              << "' (try an id or a rank from `dispatch-scan report`)\n";
    return 1;
  }
  for (const DeclarationImpact *I : Found)
    std::cout << renderTree(A, *I, Depth);
  return 0;
}

static int runPlot() {
  Facts F = loadFacts({FactsFile}, ReadJobs);
  ImpactAnalysis A(F, entries());
  emit(renderPlot(A, Title), Svg.empty() ? std::string(Output) : std::string(Svg));
  return 0;
}

static int runDiff() {
  DiffResult D = diffScans(ScanSummary::read(DiffOld, entries()),
                           ScanSummary::read(DiffNew, entries()));
  if (Format == "json") {
    nlohmann::json J = nlohmann::json::array();
    for (const DiffEntry &E : D.Entries)
      J.push_back({{"status", E.Status}, {"check", E.Check}, {"name", E.Name}, {"loc", E.Loc},
                   {"old", E.Old}, {"new", E.New}});
    std::cout << nlohmann::json{{"entries", J},
                                {"old_total_affected", D.OldTotal},
                                {"new_total_affected", D.NewTotal}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << renderDiff(D);
  }
  return 0;
}

static int runOdr() {
  Facts F = loadFacts({FactsFile}, ReadJobs);
  auto Divergences = findOdrDivergences(F);
  for (const OdrDivergence &D : Divergences)
    std::cout << odrMessage(D, F) << "\n";
  size_t Broken = 0;
  for (const TuFact &T : F.Tus)
    Broken += T.CompileErrors > 0 || T.Crashed;
  std::cout << Divergences.size() << " ODR divergences in " << F.Tus.size()
            << " translation units";
  if (Broken)
    std::cout << " (" << Broken << " with compile errors not compared)";
  std::cout << "\n";
  return FailOnOdr && !Divergences.empty() ? 1 : 0;
}

int main(int argc, const char **argv) {
  llvm::InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(argc, argv,
                              "dispatch-scan: rank the declarations that widen overload "
                              "resolution by the code they affect\n");
  try {
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
    cl::PrintHelpMessage();
    return 1;
  } catch (const std::exception &E) {
    std::cerr << "dispatch-scan: error: " << E.what() << "\n";
    return 4;
  }
}
