#include "CheckRunner.h"

#include "common/DispatchCheck.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/Driver/Driver.h"
#include "clang/Frontend/CompilerInstance.h"

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
  for (const ClangTidyError &E : Errors) {
    if (E.DiagLevel == ClangTidyError::Error &&
        llvm::StringRef(E.DiagnosticName).startswith("clang-diagnostic"))
      ++CompileErrors;
    if (E.Message.FilePath.empty())
      continue;
    auto FE = SM.getFileManager().getFile(E.Message.FilePath);
    if (!FE)
      continue;
    FileID FID = SM.translateFile(*FE);
    if (FID.isInvalid())
      continue;
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

std::string clangResourceDir(llvm::StringRef LlvmRoot) {
  return driver::Driver::GetResourcesPath((LlvmRoot + "/bin/clang").str());
}

} // namespace dispatch::scan
