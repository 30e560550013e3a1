// The dispatch-* checks on an editor buffer (unsaved contents), turned into
// LSP diagnostics and quick fixes. Runs on dispatch-clangd's worker thread.
#pragma once

#include "LastScan.h"
#include "TextDocument.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace dispatch::clangd {

struct BufferFinding {
  nlohmann::json Diagnostic; ///< LSP Diagnostic, source "dispatch-tidy"
  nlohmann::json Edit;       ///< WorkspaceEdit of its fix-it, or null
  std::string Title;
  /// The fix over every file, from the last scan (LastScan.h), or null.
  nlohmann::json ProjectEdit;
  std::string ProjectTitle;
};

class BufferChecker {
public:
  /// CompileCommandsDir: as clangd's --compile-commands-dir (empty: search
  /// the file's parent directories, and their build/ subdirectories).
  /// FactsPath: the last `dispatch-scan collect` output (empty:
  /// dispatch-facts.json beside the compilation database).
  BufferChecker(std::string CompileCommandsDir, std::string LlvmRoot, std::string FactsPath = "")
      : CompileCommandsDir(std::move(CompileCommandsDir)), LlvmRoot(std::move(LlvmRoot)),
        FactsPath(std::move(FactsPath)) {}

  std::vector<BufferFinding> check(const TextDocument &Doc);

private:
  clang::tooling::CompileCommand commandFor(const std::string &Path);
  /// The database for Path and the directory it is in.
  std::pair<clang::tooling::CompilationDatabase *, std::string> databaseFor(const std::string &Path);

  std::string CompileCommandsDir, LlvmRoot, FactsPath;
  std::map<std::string, std::unique_ptr<clang::tooling::CompilationDatabase>> Databases;
  LastScan Scan;
};

} // namespace dispatch::clangd
