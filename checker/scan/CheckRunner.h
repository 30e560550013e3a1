// Runs the dispatch-* checks in-process on one translation unit, the way
// clang-tidy does (options from .clang-tidy files, NOLINT, header filter), and
// hands back what they warned about as declarations rather than text: each
// surviving warning paired with the declaration the check reported
// (WideningObserver). clang-tidy's modular-header expansion is not used.
#pragma once

#include "dispatch/WideningObserver.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Tooling/CompilationDatabase.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
}

namespace dispatch::scan {

struct CheckRunnerOptions {
  /// A clang-tidy glob appended to the project's `Checks` (default: all
  /// dispatch-* checks unless the project's .clang-tidy disables some).
  std::string Checks;
};

/// A warning that survived NOLINT and the filters, with its declaration.
struct Widening {
  std::string Check;
  const clang::NamedDecl *Decl = nullptr;
  clang::SourceLocation Loc;
  std::string Message;
};

/// One translation unit to parse and check.
struct CheckRun {
  clang::tooling::CompileCommand Command;
  std::vector<std::string> ExtraArgs; ///< appended to the command
  std::string LlvmRoot;               ///< its resource directory, unless the command names one
  std::optional<std::string> Contents; ///< unsaved contents of the main file (an editor buffer)
};

/// What runs on the parsed TU after the checks (the scan's fact collector),
/// with the surviving warnings and the compilation's working directory.
using AfterChecks = std::function<void(clang::ASTContext &, const std::vector<Widening> &,
                                       llvm::StringRef WorkingDir)>;

class CheckRunner : public WideningObserver {
public:
  explicit CheckRunner(const CheckRunnerOptions &Opts);
  ~CheckRunner() override;

  /// Parses the command's file, runs the checks, then After; ClangTool's
  /// status (non-zero when the file did not compile).
  int runOn(const CheckRun &R, const AfterChecks &After = {});

  unsigned compileErrors() const { return CompileErrors; }
  /// Every diagnostic of the last run that survived the filters, as
  /// clang-tidy reports them (messages, notes, fix-its): the editor front
  /// end shows these.
  const std::vector<clang::tidy::ClangTidyError> &errors() const { return Errors; }

  void widening(llvm::StringRef Check, const clang::NamedDecl *D,
                clang::SourceLocation WarningLoc) override;

private:
  class Action;
  /// Creates the checks for this TU's language and registers their matchers.
  void begin(clang::CompilerInstance &CI, llvm::StringRef File);
  /// Runs the matchers over the parsed TU; returns the surviving warnings.
  std::vector<Widening> run(clang::ASTContext &Ctx);

  std::unique_ptr<clang::tidy::ClangTidyContext> Context;
  std::unique_ptr<clang::tidy::ClangTidyDiagnosticConsumer> Consumer;
  std::unique_ptr<clang::DiagnosticsEngine> Engine;
  std::vector<std::unique_ptr<clang::tidy::ClangTidyCheck>> Checks;
  clang::ast_matchers::MatchFinder Finder;
  std::vector<Widening> Observed;
  std::vector<clang::tidy::ClangTidyError> Errors;
  unsigned CompileErrors = 0;
};

/// Clang's resource directory (builtin headers) for the LLVM installed at
/// LlvmRoot: tools outside that tree must pass it to the compiler.
std::string clangResourceDir(llvm::StringRef LlvmRoot);

} // namespace dispatch::scan
