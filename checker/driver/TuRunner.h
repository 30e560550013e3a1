// Runs the dispatch-* checks in-process on one translation unit, the way
// clang-tidy does (options from .clang-tidy files, NOLINT, header filter), and
// hands back the findings whose diagnostics survived, as data (Finding) —
// never re-derived from diagnostic text.
//
// Each run has its own working directory in its own file system: ClangTool
// would otherwise change the process-wide one, which races between threads
// (relative -I paths, relative output paths).
#pragma once

#include "dispatch/Finding.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Tooling/CompilationDatabase.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class CompilerInstance;
}

namespace dispatch::driver {

struct TuRunnerOptions {
  /// A clang-tidy glob appended to the project's `Checks` (default: all
  /// dispatch-* checks unless the project's .clang-tidy disables some).
  std::string Checks;
  /// Emit latent findings too (the ReportLatent option forced on): a tool
  /// that records facts keeps them and marks them, never drops them.
  bool KeepLatent = false;
};

/// One translation unit to parse and check.
struct TuCommand {
  clang::tooling::CompileCommand Command;
  std::vector<std::string> ExtraArgs;  ///< appended to the command
  std::string LlvmRoot;                ///< its resource directory, unless the command names one
  /// Contents that are not on disk, by absolute path: an editor buffer, a
  /// file with fixes applied that is not written yet.
  std::vector<std::pair<std::string, std::string>> Unsaved;
};

/// What a tool does with the parsed TU after the checks: the surviving
/// findings (AST alive) and the compilation's working directory.
using AfterChecks = std::function<void(clang::ASTContext &, const std::vector<const Finding *> &,
                                       llvm::StringRef WorkingDir)>;

class TuRunner : public FindingSink {
public:
  explicit TuRunner(const TuRunnerOptions &Opts);
  ~TuRunner() override;

  /// Parses the command's file, runs the checks, then After; ClangTool's
  /// status (non-zero when the file did not compile).
  int run(const TuCommand &C, const AfterChecks &After = {});

  unsigned compileErrors() const { return CompileErrors; }
  /// The first compile error of the last run, `file: message` ("" if none):
  /// what a tool says of a TU that did not compile.
  const std::string &firstCompileError() const { return FirstCompileError; }
  /// Every diagnostic of the last run that survived the filters, as
  /// clang-tidy reports them — compiler diagnostics included.
  const std::vector<clang::tidy::ClangTidyError> &diagnostics() const { return Errors; }

  void found(const Finding &F) override;

private:
  class Action;
  /// Creates the checks for this TU's language and registers their matchers.
  void begin(clang::CompilerInstance &CI, llvm::StringRef File);
  /// Counts a compile error of the run; the first is FirstCompileError.
  void countCompileError(const clang::tidy::ClangTidyError &E);
  /// Runs the matchers over the parsed TU; returns the surviving findings.
  std::vector<const Finding *> match(clang::ASTContext &Ctx);

  std::unique_ptr<clang::tidy::ClangTidyContext> Context;
  std::unique_ptr<clang::tidy::ClangTidyDiagnosticConsumer> Consumer;
  std::unique_ptr<clang::DiagnosticsEngine> Engine;
  std::vector<std::unique_ptr<clang::tidy::ClangTidyCheck>> Checks;
  std::unique_ptr<clang::ast_matchers::MatchFinder> Finder; ///< one per run
  std::vector<Finding> Emitted;
  std::vector<clang::tidy::ClangTidyError> Errors;
  unsigned CompileErrors = 0;
  std::string FirstCompileError;
};

/// Clang's resource directory (builtin headers) for the LLVM installed at
/// LlvmRoot: tools outside that tree must pass it to the compiler.
std::string clangResourceDir(llvm::StringRef LlvmRoot);

} // namespace dispatch::driver
