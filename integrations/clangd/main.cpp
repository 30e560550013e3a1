// dispatch-clangd: a drop-in for clangd that adds the dispatch-* checks.
// clangd 16 cannot load clang-tidy plugins (clangd/clangd#1458), so editors
// point at this program where they would name clangd; it runs the real
// clangd and merges our diagnostics and quick fixes into its stream.
//
//   dispatch-clangd [--clangd=PATH] [--dispatch-debounce-ms=N] [--dispatch-cache-dir=DIR]
//                   [clangd options...]
//
// --dispatch-cache-dir: where the translated copies of databases with nvcc
// entries go, which clangd reads (default $XDG_CACHE_HOME/dispatch-clangd).
// --dispatch-facts: the last `dispatch-scan collect` of the project, whose
// fixes over every file are offered as quick fixes (default:
// dispatch-facts.json beside compile_commands.json).
// Every other option goes to clangd; --compile-commands-dir is read by both.
#include "Proxy.h"
#include "dispatch/Version.h"

#include "llvm/Support/InitLLVM.h"

#include <iostream>
#include <unistd.h>

int main(int argc, char **argv) {
  dispatch::clangd::ProxyOptions Opts;
  Opts.ClangdPath = DISPATCH_LLVM_ROOT "/bin/clangd";
  Opts.LlvmRoot = DISPATCH_LLVM_ROOT;
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    if (A.rfind("--clangd=", 0) == 0) {
      Opts.ClangdPath = A.substr(9);
    } else if (A.rfind("--dispatch-debounce-ms=", 0) == 0) {
      Opts.DebounceMs = std::stoi(A.substr(23));
    } else if (A.rfind("--dispatch-facts=", 0) == 0) {
      Opts.FactsPath = A.substr(17);
    } else if (A.rfind("--dispatch-cache-dir=", 0) == 0) {
      Opts.CacheDir = A.substr(21);
    } else if (A == "--version") {
      std::cout << dispatch::versionText("dispatch-clangd") << "  runs " << Opts.ClangdPath
                << " (--clangd=PATH to change)\n";
      return 0;
    } else if (A == "--help" || A == "-h") {
      std::cout << "dispatch-clangd [--clangd=PATH] [--dispatch-debounce-ms=N] [--dispatch-cache-dir=DIR]\n"
                   "                [--dispatch-facts=FILE] [--version]\n"
                   "                [clangd options...]\n"
                   "An LSP server: the real clangd plus the dispatch-* checks of dispatch-tidy.\n";
      return 0;
    } else {
      if (A.rfind("--compile-commands-dir=", 0) == 0)
        Opts.CompileCommandsDir = A.substr(23);
      Opts.ClangdArgs.push_back(A);
    }
  }
  return dispatch::clangd::Proxy(std::move(Opts), STDIN_FILENO, STDOUT_FILENO).run();
}
