#include "CheckRunner.h"

#include "common/DispatchCheck.h"
#include "dispatch/SourceFiles.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/Driver/Driver.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

#include <map>
#include <tuple>

// The module's registration object, linked statically (dispatch_module).
extern volatile int DispatchModuleAnchorSource;
static int LLVM_ATTRIBUTE_UNUSED DispatchModuleAnchorDestination = DispatchModuleAnchorSource;

namespace dispatch::scan {

using namespace clang;
using namespace clang::tidy;

static std::unique_ptr<ClangTidyOptionsProvider> optionsProvider(const CheckRunnerOptions &O) {
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,dispatch-*";
  Defaults.HeaderFilterRegex = ".*"; // declarations live in headers
  ClangTidyOptions Overrides;
  if (!O.Checks.empty())
    Overrides.Checks = O.Checks;
  return std::make_unique<FileOptionsProvider>(ClangTidyGlobalOptions(), Defaults, Overrides);
}

CheckRunner::CheckRunner(const CheckRunnerOptions &Opts)
    : Context(std::make_unique<ClangTidyContext>(optionsProvider(Opts))),
      Consumer(std::make_unique<ClangTidyDiagnosticConsumer>(*Context)),
      Engine(std::make_unique<DiagnosticsEngine>(new DiagnosticIDs(), new DiagnosticOptions(),
                                                 Consumer.get(), /*ShouldOwnClient=*/false)) {
  Context->setDiagnosticsEngine(Engine.get());
}

CheckRunner::~CheckRunner() = default;

void CheckRunner::begin(CompilerInstance &CI, llvm::StringRef File) {
  Context->setSourceManager(&CI.getSourceManager());
  Context->setCurrentFile(File);
  Context->setASTContext(&CI.getASTContext());
  if (auto Dir = CI.getFileManager().getVirtualFileSystem().getCurrentWorkingDirectory())
    Context->setCurrentBuildDirectory(*Dir);
  // Only the dispatch module is linked into dispatch-scan, so every check
  // the registry creates is a DispatchCheck.
  ClangTidyCheckFactories Factories;
  for (const ClangTidyModuleRegistry::entry &E : ClangTidyModuleRegistry::entries())
    E.instantiate()->addCheckFactories(Factories);
  Checks = Factories.createChecksForLanguage(Context.get());
  for (auto &C : Checks) {
    static_cast<DispatchCheck *>(C.get())->setObserver(this);
    C->registerMatchers(&Finder);
    C->registerPPCallbacks(CI.getSourceManager(), &CI.getPreprocessor(),
                           &CI.getPreprocessor());
  }
}

void CheckRunner::widening(llvm::StringRef Check, const NamedDecl *D, SourceLocation Loc) {
  Observed.push_back({Check.str(), D, Loc, ""});
}

std::vector<Widening> CheckRunner::run(ASTContext &Ctx) {
  Finder.matchAST(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  // (check, file, line) of every warning that survived NOLINT and the filters.
  using Key = std::tuple<std::string, FileID, unsigned>;
  std::map<Key, std::string> Surviving;
  Errors = Consumer->take();
  llvm::DenseMap<const FileEntry *, FileID> Files = fileIdsOf(SM);
  for (const ClangTidyError &E : Errors) {
    if (E.DiagLevel == ClangTidyError::Error &&
        llvm::StringRef(E.DiagnosticName).startswith("clang-diagnostic"))
      ++CompileErrors;
    if (E.Message.FilePath.empty())
      continue;
    auto FE = SM.getFileManager().getFile(E.Message.FilePath);
    auto It = FE ? Files.find(*FE) : Files.end();
    if (It == Files.end())
      continue;
    FileID FID = It->second;
    Surviving.emplace(Key{E.DiagnosticName, FID, SM.getLineNumber(FID, E.Message.FileOffset)},
                      E.Message.Message);
  }
  std::vector<Widening> Result;
  for (Widening &W : Observed) {
    for (SourceLocation L : {SM.getExpansionLoc(W.Loc), SM.getSpellingLoc(W.Loc)}) {
      auto It = Surviving.find(Key{W.Check, SM.getFileID(L), SM.getExpansionLineNumber(L)});
      if (It != Surviving.end()) {
        W.Message = It->second;
        Result.push_back(W);
        break;
      }
    }
  }
  Observed.clear();
  return Result;
}

namespace {

/// A database of one compile command, so that each command (a file built by
/// two targets, a CUDA file's two passes, an editor buffer) runs on its own.
class SingleCommandDatabase : public tooling::CompilationDatabase {
public:
  explicit SingleCommandDatabase(tooling::CompileCommand C) : C(std::move(C)) {}
  std::vector<tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override {
    return {C};
  }
  std::vector<std::string> getAllFiles() const override { return {C.Filename}; }

private:
  tooling::CompileCommand C;
};

} // namespace

/// The frontend action: the checks, then the caller's work, on each TU.
class CheckRunner::Action : public ASTFrontendAction, public tooling::FrontendActionFactory {
public:
  Action(CheckRunner &Runner, const AfterChecks &After) : Runner(Runner), After(After) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(Runner, After);
  }

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
    Consumer(Action &A, std::string Dir) : A(A), Dir(std::move(Dir)) {}
    void HandleTranslationUnit(ASTContext &Ctx) override {
      // A TU with compile errors is still checked, as clang-tidy does;
      // callers count its errors (compileErrors) rather than trust it.
      std::vector<Widening> Ws = A.Runner.run(Ctx);
      if (A.After)
        A.After(Ctx, Ws, Dir);
    }

  private:
    Action &A;
    std::string Dir;
  };

  CheckRunner &Runner;
  const AfterChecks &After;
};

int CheckRunner::runOn(const CheckRun &R, const AfterChecks &After) {
  SingleCommandDatabase DB(R.Command);
  tooling::ClangTool Tool(DB, {R.Command.Filename});
  if (R.Contents)
    Tool.mapVirtualFile(R.Command.Filename, *R.Contents);
  Tool.setDiagnosticConsumer(Consumer.get());
  // No "N warnings generated." lines on stderr: the diagnostics come here,
  // not to a terminal.
  std::vector<std::string> Extra = {"-fno-caret-diagnostics"};
  Extra.insert(Extra.end(), R.ExtraArgs.begin(), R.ExtraArgs.end());
  if (!llvm::is_contained(R.Command.CommandLine, "-resource-dir"))
    Extra.push_back("-resource-dir=" + clangResourceDir(R.LlvmRoot));
  Tool.appendArgumentsAdjuster(
      tooling::getInsertArgumentAdjuster(Extra, tooling::ArgumentInsertPosition::END));
  Action Factory(*this, After);
  return Tool.run(&Factory);
}

std::string clangResourceDir(llvm::StringRef LlvmRoot) {
  return driver::Driver::GetResourcesPath((LlvmRoot + "/bin/clang").str());
}

} // namespace dispatch::scan
