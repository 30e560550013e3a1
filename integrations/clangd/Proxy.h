// dispatch-clangd's routing: every message between the editor and clangd is
// relayed unchanged, except that
//  - clangd's textDocument/publishDiagnostics gets our dispatch-* diagnostics
//    for the same document appended (clangd's are never held back: they go
//    out at once with ours as last computed for the current text);
//  - our diagnostics, computed on a worker thread from the buffer contents
//    (debounced after didOpen/didChange/didSave), are published merged with
//    clangd's latest for that document;
//  - clangd's response to textDocument/codeAction gets our quick fixes for
//    the requested range appended.
// clangd is started when the editor's first message (initialize) arrives:
// a project database with nvcc entries is then given to clangd translated
// (ClangdDatabase.h), found as --compile-commands-dir names it or, without
// it, in the workspace root or its build/ directory.
// If clangd dies it is restarted, its initialize replayed and the open
// documents reopened; requests it did not answer get an error response.
#pragma once

#include "BufferChecks.h"
#include "ClangdDatabase.h"
#include "ClangdChild.h"
#include "LspIO.h"
#include "TextDocument.h"

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>

namespace dispatch::clangd {

struct ProxyOptions {
  std::string ClangdPath;
  std::vector<std::string> ClangdArgs;
  std::string CompileCommandsDir;
  std::string LlvmRoot;
  std::string CacheDir; ///< translated databases; empty: ClangdDatabase::defaultCacheRoot()
  std::string FactsPath; ///< the last scan; empty: dispatch-facts.json beside the database
  int DebounceMs = 300;
  int MaxRestarts = 3;
};

class Proxy {
public:
  Proxy(ProxyOptions Opts, int ClientIn, int ClientOut);
  /// Runs until the editor sends `exit` or closes its end; the exit status.
  int run();

private:
  void fromClient(const std::string &Body);
  void clangdReaderLoop();
  void fromClangd(const std::string &Body);
  void workerLoop();
  bool startClangd(const nlohmann::json &FirstMessage);
  bool restartClangd();
  void refreshClangdDatabase();
  void toClangd(const std::string &Body);

  void schedule(const std::string &Uri);
  void publishMerged(const std::string &Uri);
  nlohmann::json ourDiagnostics(const std::string &Uri); // requires Lock
  void replyError(const nlohmann::json &Id, int Code, const std::string &Message);

  ProxyOptions Opts;
  LspReader ClientReader;
  LspWriter ClientWriter;
  LspWriter ClangdWriter{-1};
  std::unique_ptr<ClangdChild> Child;
  BufferChecker Checker;
  ClangdDatabase ClangdDb;
  std::string TranslatedFrom; ///< the project database clangd reads a translation of

  std::mutex Lock;
  std::map<std::string, TextDocument> Docs;
  std::map<std::string, nlohmann::json> ClangdDiags;
  struct Ours {
    long Version = -1;
    std::vector<BufferFinding> Findings;
  };
  std::map<std::string, Ours> OurFindings;
  std::map<std::string, nlohmann::json> PendingCodeActions; // id → params
  std::map<std::string, nlohmann::json> PendingRequests;    // id → id (to clangd)
  std::optional<nlohmann::json> Initialize;                // replayed on restart
  bool Initialized = false;
  bool ShuttingDown = false;
  int Restarts = 0;

  std::condition_variable WorkReady;
  std::map<std::string, std::chrono::steady_clock::time_point> Due;
  bool Stop = false;
  std::thread Worker, ClangdReader;
};

} // namespace dispatch::clangd
