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

#include <memory>
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

class CheckRunner : public WideningObserver {
public:
  explicit CheckRunner(const CheckRunnerOptions &Opts);
  ~CheckRunner() override;

  /// Receives the compiler's diagnostics as well (errors are counted).
  clang::DiagnosticConsumer &diagnosticConsumer() { return *Consumer; }

  /// Creates the checks for this TU's language and registers their matchers.
  void begin(clang::CompilerInstance &CI, llvm::StringRef File);
  /// Runs the matchers over the parsed TU; returns the surviving warnings.
  std::vector<Widening> run(clang::ASTContext &Ctx);
  unsigned compileErrors() const { return CompileErrors; }
  /// Every diagnostic of the last run that survived the filters, as
  /// clang-tidy reports them (messages, notes, fix-its): the editor front
  /// end shows these.
  const std::vector<clang::tidy::ClangTidyError> &errors() const { return Errors; }

  void widening(llvm::StringRef Check, const clang::NamedDecl *D,
                clang::SourceLocation WarningLoc) override;

private:
  std::unique_ptr<clang::tidy::ClangTidyContext> Context;
  std::unique_ptr<clang::tidy::ClangTidyDiagnosticConsumer> Consumer;
  std::unique_ptr<clang::DiagnosticsEngine> Engine;
  std::vector<std::unique_ptr<clang::tidy::ClangTidyCheck>> Checks;
  clang::ast_matchers::MatchFinder Finder;
  std::vector<Widening> Observed;
  std::vector<clang::tidy::ClangTidyError> Errors;
  unsigned CompileErrors = 0;
};

/// A database of one compile command, so that each command (a file built by
/// two targets, a CUDA file's two passes, an editor buffer) runs on its own.
class SingleCommandDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit SingleCommandDatabase(clang::tooling::CompileCommand C) : C(std::move(C)) {}
  std::vector<clang::tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override {
    return {C};
  }
  std::vector<std::string> getAllFiles() const override { return {C.Filename}; }

private:
  clang::tooling::CompileCommand C;
};

/// Clang's resource directory (builtin headers) for the LLVM installed at
/// LlvmRoot: tools outside that tree must pass it to the compiler.
std::string clangResourceDir(llvm::StringRef LlvmRoot);

} // namespace dispatch::scan
