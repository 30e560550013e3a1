#include "Proxy.h"

#include <csignal>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <iostream>

namespace dispatch::clangd {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

static std::string idKey(const json &Id) { return Id.dump(); }

Proxy::Proxy(ProxyOptions O, int ClientIn, int ClientOut)
    : Opts(std::move(O)), ClientReader(ClientIn), ClientWriter(ClientOut),
      Checker(Opts.CompileCommandsDir, Opts.LlvmRoot, Opts.FactsPath),
      ClangdDb(Opts.CacheDir.empty() ? ClangdDatabase::defaultCacheRoot() : Opts.CacheDir, Opts.LlvmRoot) {}

void Proxy::toClangd(const std::string &Body) { ClangdWriter.write(Body); }

void Proxy::replyError(const json &Id, int Code, const std::string &Message) {
  ClientWriter.write(json{{"jsonrpc", "2.0"}, {"id", Id},
                          {"error", {{"code", Code}, {"message", Message}}}}
                         .dump());
}

/// The workspace root an initialize request names (rootUri, rootPath or the
/// first workspace folder), or "".
static std::string workspaceRoot(const json &Msg) {
  if (!Msg.contains("params") || !Msg["params"].is_object())
    return "";
  const json &P = Msg["params"];
  if (P.contains("rootUri") && P["rootUri"].is_string())
    return pathFromUri(P["rootUri"].get<std::string>());
  if (P.contains("rootPath") && P["rootPath"].is_string())
    return P["rootPath"].get<std::string>();
  if (P.contains("workspaceFolders") && P["workspaceFolders"].is_array() && !P["workspaceFolders"].empty() &&
      P["workspaceFolders"][0].is_object())
    return pathFromUri(P["workspaceFolders"][0].value("uri", ""));
  return "";
}

bool Proxy::startClangd(const json &FirstMessage) {
  // The project database: where --compile-commands-dir says, else where
  // clangd would find it for the workspace's files.
  std::vector<std::string> Candidates;
  if (!Opts.CompileCommandsDir.empty()) {
    Candidates.push_back(Opts.CompileCommandsDir);
  } else if (std::string Root = workspaceRoot(FirstMessage); !Root.empty()) {
    Candidates.push_back(Root);
    Candidates.push_back(Root + "/build");
  }
  for (const std::string &Dir : Candidates) {
    auto Translated = ClangdDb.directoryFor(Dir);
    if (!Translated) {
      std::cerr << "dispatch-clangd: " << llvm::toString(Translated.takeError())
                << "; clangd reads the database as it is\n";
      break;
    }
    if (!*Translated)
      continue;
    std::vector<std::string> Args;
    for (const std::string &A : Opts.ClangdArgs)
      if (A.rfind("--compile-commands-dir=", 0) != 0)
        Args.push_back(A);
    Args.push_back("--compile-commands-dir=" + **Translated);
    Opts.ClangdArgs = std::move(Args);
    TranslatedFrom = Dir;
    break;
  }
  Child = std::make_unique<ClangdChild>(Opts.ClangdPath, Opts.ClangdArgs);
  std::string Error;
  if (!Child->start(Error)) {
    std::cerr << "dispatch-clangd: " << Error << "\n";
    return false;
  }
  ClangdWriter.setFd(Child->toClangd());
  ClangdReader = std::thread([this] { clangdReaderLoop(); });
  return true;
}

void Proxy::refreshClangdDatabase() {
  // A re-run of CMake rewrites the project database: clangd re-reads its
  // copy when the copy changes.
  if (TranslatedFrom.empty())
    return;
  if (auto Dir = ClangdDb.directoryFor(TranslatedFrom); !Dir)
    std::cerr << "dispatch-clangd: " << llvm::toString(Dir.takeError()) << "\n";
}

int Proxy::run() {
  std::signal(SIGPIPE, SIG_IGN);
  Worker = std::thread([this] { workerLoop(); });

  int Status = 1; // the editor closed its end without `exit`
  bool Started = false; // (Child is replaced on the reader thread when clangd restarts)
  while (auto Body = ClientReader.read()) {
    if (Body->empty()) {
      replyError(nullptr, -32700, "dispatch-clangd: message without Content-Length");
      continue;
    }
    json Msg = json::parse(*Body, nullptr, /*allow_exceptions=*/false);
    if (Msg.is_discarded() || !Msg.is_object()) {
      replyError(nullptr, -32700, "dispatch-clangd: the message is not a JSON object");
      continue;
    }
    if (!Started && !(Started = startClangd(Msg)))
      break;
    if (Msg.value("method", "") == "exit") {
      toClangd(*Body);
      std::lock_guard<std::mutex> L(Lock);
      Status = ShuttingDown ? 0 : 1;
      break;
    }
    fromClient(*Body);
  }
  {
    std::lock_guard<std::mutex> L(Lock);
    Stop = true;
    ShuttingDown = true;
  }
  WorkReady.notify_all();
  Worker.join();
  if (Started)
    Child->stop();
  if (ClangdReader.joinable())
    ClangdReader.join();
  return Status;
}

void Proxy::fromClient(const std::string &Body) {
  json Msg = json::parse(Body);
  std::string Method = Msg.value("method", "");
  const json &Params = Msg.contains("params") ? Msg["params"] : json();
  {
    std::lock_guard<std::mutex> L(Lock);
    if (Msg.contains("id") && !Method.empty())
      PendingRequests[idKey(Msg["id"])] = Msg["id"];
    if (Method == "initialize")
      Initialize = Msg;
    else if (Method == "initialized")
      Initialized = true;
    else if (Method == "shutdown")
      ShuttingDown = true;
    else if (Method == "textDocument/codeAction")
      PendingCodeActions[idKey(Msg["id"])] = Params;
  }
  if (Method == "textDocument/didOpen" || Method == "textDocument/didChange" ||
      Method == "textDocument/didSave" || Method == "textDocument/didClose") {
    std::string Uri = Params["textDocument"].value("uri", "");
    std::unique_lock<std::mutex> L(Lock);
    if (Method == "textDocument/didOpen") {
      TextDocument &D = Docs[Uri];
      D.Uri = Uri;
      D.Path = pathFromUri(Uri);
      D.LanguageId = Params["textDocument"].value("languageId", "");
      D.Text = Params["textDocument"].value("text", "");
      D.Version = Params["textDocument"].value("version", 0L);
    } else if (Method == "textDocument/didChange") {
      auto It = Docs.find(Uri);
      if (It != Docs.end()) {
        It->second.applyChanges(Params.value("contentChanges", json::array()));
        It->second.Version = Params["textDocument"].value("version", It->second.Version + 1);
      }
    } else if (Method == "textDocument/didClose") {
      Docs.erase(Uri);
      OurFindings.erase(Uri);
      ClangdDiags.erase(Uri);
      Due.erase(Uri);
    }
    L.unlock();
    if (Method == "textDocument/didOpen")
      refreshClangdDatabase();
    if (Method != "textDocument/didClose")
      schedule(Uri);
  }
  toClangd(Body); // unchanged
}

void Proxy::schedule(const std::string &Uri) {
  {
    std::lock_guard<std::mutex> L(Lock);
    if (pathFromUri(Uri).empty())
      return;
    Due[Uri] = Clock::now() + std::chrono::milliseconds(Opts.DebounceMs);
  }
  WorkReady.notify_all();
}

void Proxy::workerLoop() {
  // Our checks yield the CPU to clangd (and to the relay), so that clangd's
  // own diagnostics are not slowed down by ours.
  setpriority(PRIO_PROCESS, pid_t(syscall(SYS_gettid)), 10);
  std::unique_lock<std::mutex> L(Lock);
  while (!Stop) {
    if (Due.empty()) {
      WorkReady.wait(L);
      continue;
    }
    auto Next = std::min_element(Due.begin(), Due.end(),
                                 [](const auto &A, const auto &B) { return A.second < B.second; });
    if (Next->second > Clock::now()) {
      WorkReady.wait_until(L, Next->second);
      continue;
    }
    std::string Uri = Next->first;
    Due.erase(Next);
    auto It = Docs.find(Uri);
    if (It == Docs.end())
      continue;
    TextDocument Snapshot = It->second;
    L.unlock();
    std::vector<BufferFinding> Findings = Checker.check(Snapshot);
    L.lock();
    auto Now = Docs.find(Uri);
    // A result for text that has changed since is dropped; the change
    // scheduled another run.
    if (Now == Docs.end() || Now->second.Version != Snapshot.Version)
      continue;
    OurFindings[Uri] = {Snapshot.Version, std::move(Findings)};
    L.unlock();
    publishMerged(Uri);
    L.lock();
  }
}

json Proxy::ourDiagnostics(const std::string &Uri) {
  json Out = json::array();
  auto It = OurFindings.find(Uri);
  auto Doc = Docs.find(Uri);
  // Only findings for the current text: stale positions would mislead.
  if (It == OurFindings.end() || Doc == Docs.end() || It->second.Version != Doc->second.Version)
    return Out;
  for (const BufferFinding &F : It->second.Findings)
    Out.push_back(F.Diagnostic);
  return Out;
}

void Proxy::publishMerged(const std::string &Uri) {
  json Diags;
  json Params = {{"uri", Uri}};
  {
    std::lock_guard<std::mutex> L(Lock);
    auto C = ClangdDiags.find(Uri);
    Diags = C == ClangdDiags.end() ? json::array() : C->second;
    for (const json &D : ourDiagnostics(Uri))
      Diags.push_back(D);
    auto Doc = Docs.find(Uri);
    if (Doc != Docs.end())
      Params["version"] = Doc->second.Version;
  }
  Params["diagnostics"] = Diags;
  ClientWriter.write(
      json{{"jsonrpc", "2.0"}, {"method", "textDocument/publishDiagnostics"}, {"params", Params}}
          .dump());
}

/// The ranges share a line: a quick fix is offered anywhere on its
/// diagnostic's line, as editors ask for the cursor's position.
static bool sharesLine(const json &A, const json &B) {
  auto Line = [](const json &R, const char *End) { return R[End].value("line", 0); };
  return Line(A, "start") <= Line(B, "end") && Line(B, "start") <= Line(A, "end");
}

void Proxy::fromClangd(const std::string &Body) {
  json Msg = json::parse(Body, nullptr, false);
  if (Msg.is_discarded()) {
    ClientWriter.write(Body);
    return;
  }
  std::string Method = Msg.value("method", "");
  if (Method == "textDocument/publishDiagnostics") {
    std::string Uri = Msg["params"].value("uri", "");
    json Ours;
    {
      std::lock_guard<std::mutex> L(Lock);
      ClangdDiags[Uri] = Msg["params"].value("diagnostics", json::array());
      Ours = ourDiagnostics(Uri);
    }
    for (const json &D : Ours)
      Msg["params"]["diagnostics"].push_back(D);
    // Nothing of ours: relayed byte for byte as clangd wrote it.
    ClientWriter.write(Ours.empty() ? Body : Msg.dump());
    return;
  }
  if (Msg.contains("id") && Method.empty()) { // a response
    if (Msg["id"] == "dispatch-clangd-reinitialize")
      return; // our replayed initialize after a restart: not the editor's
    std::string Key = idKey(Msg["id"]);
    std::unique_lock<std::mutex> L(Lock);
    PendingRequests.erase(Key);
    auto It = PendingCodeActions.find(Key);
    if (It == PendingCodeActions.end()) {
      L.unlock();
      ClientWriter.write(Body);
      return;
    }
    json Params = It->second;
    PendingCodeActions.erase(It);
    std::string Uri = Params["textDocument"].value("uri", "");
    auto Found = OurFindings.find(Uri);
    auto Doc = Docs.find(Uri);
    if (Found == OurFindings.end() || Doc == Docs.end() ||
        Found->second.Version != Doc->second.Version || !Msg.contains("result")) {
      L.unlock();
      ClientWriter.write(Body);
      return;
    }
    if (Msg["result"].is_null())
      Msg["result"] = json::array();
    for (const BufferFinding &F : Found->second.Findings)
      if (!F.Edit.is_null() && sharesLine(F.Diagnostic["range"], Params["range"])) {
        // With other files using it, the fix over all of them comes first.
        if (!F.ProjectEdit.is_null())
          Msg["result"].push_back({{"title", F.ProjectTitle},
                                   {"kind", "quickfix"},
                                   {"diagnostics", json::array({F.Diagnostic})},
                                   {"isPreferred", true},
                                   {"edit", F.ProjectEdit}});
        Msg["result"].push_back({{"title", F.Title},
                                 {"kind", "quickfix"},
                                 {"diagnostics", json::array({F.Diagnostic})},
                                 {"isPreferred", F.ProjectEdit.is_null()},
                                 {"edit", F.Edit}});
      }
    L.unlock();
    ClientWriter.write(Msg.dump());
    return;
  }
  ClientWriter.write(Body);
}

void Proxy::clangdReaderLoop() {
  for (;;) {
    LspReader Reader(Child->fromClangd());
    while (auto Body = Reader.read())
      if (!Body->empty())
        fromClangd(*Body);
    Child->stop(500);
    Child->closeOutput();
    {
      std::lock_guard<std::mutex> L(Lock);
      if (ShuttingDown)
        return;
    }
    if (!restartClangd())
      return;
  }
}

bool Proxy::restartClangd() {
  std::vector<json> Unanswered;
  json Init;
  std::vector<TextDocument> Open;
  {
    std::lock_guard<std::mutex> L(Lock);
    for (auto &[K, Id] : PendingRequests)
      Unanswered.push_back(Id);
    PendingRequests.clear();
    PendingCodeActions.clear();
    if (Initialize)
      Init = *Initialize;
    for (auto &[U, D] : Docs)
      Open.push_back(D);
    ++Restarts;
  }
  for (const json &Id : Unanswered)
    replyError(Id, -32603, "dispatch-clangd: clangd exited before answering; it was restarted");
  bool GiveUp = Restarts > Opts.MaxRestarts;
  ClientWriter.write(json{{"jsonrpc", "2.0"},
                          {"method", "window/showMessage"},
                          {"params",
                           {{"type", 1},
                            {"message", GiveUp ? "dispatch-clangd: clangd keeps exiting; not "
                                                 "restarting it again"
                                               : "dispatch-clangd: clangd exited; restarting it"}}}}
                         .dump());
  if (GiveUp)
    return false;
  std::string Error;
  Child = std::make_unique<ClangdChild>(Opts.ClangdPath, Opts.ClangdArgs);
  if (!Child->start(Error)) {
    std::cerr << "dispatch-clangd: " << Error << "\n";
    return false;
  }
  ClangdWriter.setFd(Child->toClangd());
  if (!Init.is_null()) {
    // The replayed initialize's response is not the editor's: an id the
    // editor cannot have used, dropped in fromClangd.
    Init["id"] = "dispatch-clangd-reinitialize";
    toClangd(Init.dump());
    toClangd(json{{"jsonrpc", "2.0"}, {"method", "initialized"}, {"params", json::object()}}.dump());
  }
  for (const TextDocument &D : Open)
    toClangd(json{{"jsonrpc", "2.0"},
                  {"method", "textDocument/didOpen"},
                  {"params",
                   {{"textDocument",
                     {{"uri", D.Uri}, {"languageId", D.LanguageId}, {"version", D.Version},
                      {"text", D.Text}}}}}}
                 .dump());
  return true;
}

} // namespace dispatch::clangd
