#include "TuRunner.h"

#include "common/DispatchCheck.h"
#include "dispatch/Options.h"
#include "dispatch/SourceFiles.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/Driver/Driver.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <mutex>
#include <set>
#include <tuple>

// The module's registration object, linked statically (dispatch_module).
extern volatile int DispatchModuleAnchorSource;
static int LLVM_ATTRIBUTE_UNUSED DispatchModuleAnchorDestination = DispatchModuleAnchorSource;

namespace dispatch::driver {

using namespace clang;
using namespace clang::tidy;

namespace {
/// The project's .clang-tidy files, except that a HeaderFilterRegex that
/// does not compile (OGDF's `ogdf/(?!lib/)`: LLVM's regex has no lookahead)
/// is reported once and replaced by ".*": with it no header matches, and the
/// scan would silently lose every declaration in a header.
class ScanOptionsProvider : public FileOptionsProvider {
public:
  using FileOptionsProvider::FileOptionsProvider;
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    std::vector<OptionsSource> Sources = FileOptionsProvider::getRawOptions(FileName);
    for (auto &[Options, Source] : Sources) {
      if (!Options.HeaderFilterRegex || Options.HeaderFilterRegex->empty())
        continue; // empty: no filter, as clang-tidy reads it
      std::string Error = regexError(*Options.HeaderFilterRegex);
      if (Error.empty())
        continue;
      static std::mutex Lock;
      static std::set<std::string> Reported;
      if (std::lock_guard<std::mutex> Guard(Lock); Reported.insert(Source).second)
        llvm::errs() << "dispatch-scan: warning: HeaderFilterRegex '"
                     << *Options.HeaderFilterRegex << "' (" << Source
                     << ") is not a valid regular expression (" << Error
                     << "); every header is scanned\n";
      Options.HeaderFilterRegex = ".*";
    }
    return Sources;
  }
};
} // namespace

static std::unique_ptr<ClangTidyOptionsProvider> optionsProvider(const TuRunnerOptions &O) {
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,dispatch-*";
  Defaults.HeaderFilterRegex = ".*"; // declarations live in headers
  ClangTidyOptions Overrides;
  if (!O.Checks.empty())
    Overrides.Checks = O.Checks;
  if (O.KeepLatent)
    Overrides.CheckOptions["ReportLatent"] = {"true", 0};
  return std::make_unique<ScanOptionsProvider>(ClangTidyGlobalOptions(), Defaults, Overrides);
}

TuRunner::TuRunner(const TuRunnerOptions &Opts)
    : Context(std::make_unique<ClangTidyContext>(optionsProvider(Opts))),
      Consumer(std::make_unique<ClangTidyDiagnosticConsumer>(*Context)),
      Engine(std::make_unique<DiagnosticsEngine>(new DiagnosticIDs(), new DiagnosticOptions(),
                                                 Consumer.get(), /*ShouldOwnClient=*/false)) {
  Context->setDiagnosticsEngine(Engine.get());
}

TuRunner::~TuRunner() = default;

void TuRunner::begin(CompilerInstance &CI, llvm::StringRef File) {
  Finder = std::make_unique<ast_matchers::MatchFinder>();
  Emitted.clear();
  Context->setSourceManager(&CI.getSourceManager());
  Context->setASTContext(&CI.getASTContext());
  // The options are the .clang-tidy files above the file: a file named
  // relative to its command's directory is looked up from there, not from
  // the process's working directory.
  llvm::SmallString<256> Path(File);
  if (auto Dir = CI.getFileManager().getVirtualFileSystem().getCurrentWorkingDirectory()) {
    Context->setCurrentBuildDirectory(*Dir);
    if (llvm::sys::path::is_relative(Path)) {
      Path = *Dir;
      llvm::sys::path::append(Path, File);
    }
  }
  Context->setCurrentFile(Path);
  // Only the dispatch module is linked into dispatch-scan, so every check
  // the registry creates is a DispatchCheck.
  ClangTidyCheckFactories Factories;
  for (const ClangTidyModuleRegistry::entry &E : ClangTidyModuleRegistry::entries())
    E.instantiate()->addCheckFactories(Factories);
  Checks = Factories.createChecksForLanguage(Context.get());
  for (auto &C : Checks) {
    static_cast<DispatchCheck *>(C.get())->setFindingSink(this);
    C->registerMatchers(Finder.get());
    C->registerPPCallbacks(CI.getSourceManager(), &CI.getPreprocessor(),
                           &CI.getPreprocessor());
  }
}

void TuRunner::found(const Finding &F) { Emitted.push_back(F); }

namespace {
/// A diagnostic as clang-tidy records it: check, file, offset, text.
using DiagnosticKey = std::tuple<std::string, std::string, unsigned, std::string>;

DiagnosticKey keyOf(const Finding &F, const SourceManager &SM) {
  // Where clang's diagnostic renderer puts it (tooling::DiagnosticMessage).
  SourceLocation L = SM.getFileLoc(F.Loc);
  std::string File = SM.getFilename(L).str();
  return {F.Check, File, File.empty() ? 0 : SM.getFileOffset(L), F.Message};
}
} // namespace

std::vector<const Finding *> TuRunner::match(ASTContext &Ctx) {
  Finder->matchAST(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  // Each finding is one warning; those that survived NOLINT and the filters
  // are in Errors, identified exactly (two findings of one check on one line
  // differ in offset or text).
  Errors = Consumer->take();
  std::map<DiagnosticKey, unsigned> Surviving;
  for (const ClangTidyError &E : Errors) {
    if (E.DiagLevel == ClangTidyError::Error &&
        llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic"))
      countCompileError(E);
    ++Surviving[{E.DiagnosticName, E.Message.FilePath, E.Message.FileOffset, E.Message.Message}];
  }
  std::vector<const Finding *> Result;
  for (const Finding &F : Emitted) {
    auto It = Surviving.find(keyOf(F, SM));
    if (It != Surviving.end() && It->second > 0) {
      --It->second;
      Result.push_back(&F);
    }
  }
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
class TuRunner::Action : public ASTFrontendAction, public tooling::FrontendActionFactory {
public:
  Action(TuRunner &Runner, const AfterChecks &After) : Runner(Runner), After(After) {}

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
      std::vector<const Finding *> Found = A.Runner.match(Ctx);
      if (A.After)
        A.After(Ctx, Found, Dir);
    }

  private:
    Action &A;
    std::string Dir;
  };

  TuRunner &Runner;
  const AfterChecks &After;
};

int TuRunner::run(const TuCommand &R, const AfterChecks &After) {
  SingleCommandDatabase DB(R.Command);
  // A file system of its own: ClangTool sets the compile command's directory
  // as the working directory of this file system, not of the process.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS(llvm::vfs::createPhysicalFileSystem());
  tooling::ClangTool Tool(DB, {R.Command.Filename}, std::make_shared<PCHContainerOperations>(),
                          FS);
  for (const auto &[Path, Text] : R.Unsaved)
    Tool.mapVirtualFile(Path, Text);
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
  CompileErrors = 0;
  FirstCompileError.clear();
  int Status = Tool.run(&Factory);
  // A command the driver rejects (an unknown option, an unknown CUDA
  // architecture) never reaches the checks: its errors are still here.
  if (Status != 0 && FirstCompileError.empty())
    for (const ClangTidyError &E : Consumer->take())
      if (E.DiagLevel == ClangTidyError::Error)
        countCompileError(E);
  return Status;
}

void TuRunner::countCompileError(const ClangTidyError &E) {
  if (!CompileErrors++)
    FirstCompileError =
        (E.Message.FilePath.empty() ? "" : E.Message.FilePath + ": ") + E.Message.Message;
}

std::string clangResourceDir(llvm::StringRef LlvmRoot) {
  return clang::driver::Driver::GetResourcesPath((LlvmRoot + "/bin/clang").str());
}

} // namespace dispatch::driver
