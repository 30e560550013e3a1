// dispatch-resolve: what clang resolves each call of a translation unit to.
//
//   dispatch-resolve [--overlay=PATH=REPLACEMENT]... FILE -- COMPILER-ARGS...
//
// prints one JSON object: `calls` (every call site outside system headers,
// template instantiations included, and the function it resolved to),
// `decls` (every function and function template written outside system
// headers, with the source ranges that delete it) and `errors` (compile
// errors, classified). `--overlay` compiles REPLACEMENT's text in place of
// PATH (locations keep PATH's name), which is how the counterfactual harness
// compiles a file with one declaration removed.
//
// This is the independent judge of the dispatch-* checks: it uses nothing
// but Clang, never the project's analysis library.
#include "CallSites.h"
#include "DeclRanges.h"
#include "ErrorLog.h"
#include "Locations.h"

#include "clang/Driver/Driver.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using namespace clang;
using nlohmann::json;

namespace {

struct Result {
  json Calls = json::array();
  json Decls = json::array();
  json Language = nullptr;
  unsigned TranslationUnits = 0;
};

class ResolveConsumer : public ASTConsumer {
public:
  explicit ResolveConsumer(Result &Out) : Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    resolve::CallCollector Calls(Ctx);
    Calls.TraverseAST(Ctx);
    resolve::DeclCollector Decls(Ctx);
    Decls.TraverseAST(Ctx);
    for (json &C : Calls.take())
      Out.Calls.push_back(std::move(C));
    for (json &D : Decls.take())
      Out.Decls.push_back(std::move(D));
    const LangOptions &LO = Ctx.getLangOpts();
    Out.Language = {{"cplusplus", bool(LO.CPlusPlus)},
                    {"std", LO.CPlusPlus20 ? 20 : LO.CPlusPlus17 ? 17 : LO.CPlusPlus14 ? 14 : 11},
                    {"cuda", LO.CUDA ? json(LO.CUDAIsDevice ? "device" : "host") : json()}};
    ++Out.TranslationUnits;
  }

private:
  Result &Out;
};

class ResolveAction : public ASTFrontendAction {
public:
  explicit ResolveAction(Result &Out) : Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    return std::make_unique<ResolveConsumer>(Out);
  }

private:
  Result &Out;
};

class ResolveFactory : public tooling::FrontendActionFactory {
public:
  explicit ResolveFactory(Result &Out) : Out(Out) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<ResolveAction>(Out); }

private:
  Result &Out;
};

std::string absolute(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P.str());
}

int usage(const char *Why) {
  llvm::errs() << "dispatch-resolve: " << Why << "\n"
               << "usage: dispatch-resolve [--overlay=PATH=REPLACEMENT]... FILE -- ARGS...\n";
  return 2;
}

} // namespace

int main(int argc, const char **argv) {
  std::string File;
  std::vector<std::pair<std::string, std::string>> Overlays; // path -> replacement file
  std::vector<std::string> Args;
  bool InArgs = false;
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef A = argv[I];
    if (InArgs)
      Args.push_back(A.str());
    else if (A == "--")
      InArgs = true;
    else if (A.consume_front("--overlay=")) {
      auto [Path, Replacement] = A.split('=');
      if (Path.empty() || Replacement.empty())
        return usage("--overlay needs PATH=REPLACEMENT");
      Overlays.emplace_back(absolute(Path), Replacement.str());
    } else if (A.starts_with("-"))
      return usage(("unknown option " + A).str().c_str());
    else if (File.empty())
      File = absolute(A);
    else
      return usage("one source file only");
  }
  if (File.empty() || !InArgs)
    return usage("need FILE and `--` before the compiler arguments");

  // The replacement texts must outlive the tool, which maps them by reference.
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> Texts;
  for (auto &[Path, Replacement] : Overlays) {
    auto Buffer = llvm::MemoryBuffer::getFile(Replacement);
    if (!Buffer)
      return usage(("cannot read " + Replacement).c_str());
    Texts.push_back(std::move(*Buffer));
  }

  // A tool in build/bin would look for Clang's builtin headers next to
  // itself; point it at the LLVM it was built against.
  bool HasResourceDir = false;
  for (const std::string &A : Args)
    HasResourceDir |= llvm::StringRef(A).starts_with("-resource-dir");
  if (!HasResourceDir)
    Args.push_back("-resource-dir=" +
                   driver::Driver::GetResourcesPath(DISPATCH_LLVM_ROOT "/bin/clang"));

  // Every error of a counterfactual compile is data (the default limit of
  // 20 would hide the outcome of later calls); warnings are not.
  Args.push_back("-ferror-limit=0");
  Args.push_back("-w");

  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  tooling::FixedCompilationDatabase Db(Cwd, Args);
  tooling::ClangTool Tool(Db, {File});
  for (size_t I = 0; I < Overlays.size(); ++I)
    Tool.mapVirtualFile(Overlays[I].first, Texts[I]->getBuffer());
  resolve::ErrorLog Errors;
  Tool.setDiagnosticConsumer(&Errors);

  Result Out;
  ResolveFactory Factory(Out);
  Tool.run(&Factory); // non-zero on compile errors, which are data here

  json Doc = {{"file", File},
              {"language", Out.Language},
              {"compiled", Out.TranslationUnits > 0},
              {"calls", std::move(Out.Calls)},
              {"decls", std::move(Out.Decls)},
              {"errors", Errors.take()}};
  llvm::outs() << Doc.dump(1) << "\n";
  return Out.TranslationUnits > 0 ? 0 : 2;
}
