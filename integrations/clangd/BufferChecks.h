// The dispatch-* checks on an editor buffer (unsaved contents), turned into
// LSP diagnostics and quick fixes. Runs on dispatch-clangd's worker thread.
#pragma once

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
};

class BufferChecker {
public:
  /// CompileCommandsDir: as clangd's --compile-commands-dir (empty: search
  /// the file's parent directories, and their build/ subdirectories).
  BufferChecker(std::string CompileCommandsDir, std::string LlvmRoot)
      : CompileCommandsDir(std::move(CompileCommandsDir)), LlvmRoot(std::move(LlvmRoot)) {}

  std::vector<BufferFinding> check(const TextDocument &Doc);

private:
  clang::tooling::CompileCommand commandFor(const std::string &Path);
  clang::tooling::CompilationDatabase *databaseFor(const std::string &Path);

  std::string CompileCommandsDir, LlvmRoot;
  std::map<std::string, std::unique_ptr<clang::tooling::CompilationDatabase>> Databases;
};

} // namespace dispatch::clangd
