// dispatch-nvcc-translate: a test tool (not installed) for the parity of the
// C++ nvcc translator with nvcc_to_clang.py (test/integrations/nvcc_parity.py).
//
//   dispatch-nvcc-translate [--clangxx X] [--cuda-path P] [--shims DIR] IN OUT
//
// IN is a compilation database, read as dispatch-scan reads one
// (JSONCompilationDatabase, syntax auto-detected); OUT is a JSON array of
// {"directory", "file", "arguments"} in IN's order, every nvcc command line's
// options files spliced in and passed through dispatch::driver::
// nvccToClangAdjuster (others come out unchanged).
#include "NvccTranslation.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

static int usage() {
  llvm::errs()
      << "usage: dispatch-nvcc-translate [--clangxx X] [--cuda-path P] [--shims DIR] IN OUT\n";
  return 2;
}

int main(int Argc, char **Argv) {
  dispatch::driver::NvccTranslationOptions Options;
  std::vector<std::string> Files;
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef A = Argv[I];
    std::string *Value = A == "--clangxx"     ? &Options.ClangXX
                         : A == "--cuda-path" ? &Options.CudaPath
                         : A == "--shims"     ? &Options.ShimsIncludeDir
                                              : nullptr;
    if (Value) {
      if (++I == Argc)
        return usage();
      *Value = Argv[I];
    } else if (A.starts_with("-")) {
      return usage();
    } else {
      Files.push_back(A.str());
    }
  }
  if (Files.size() != 2)
    return usage();

  std::string Why;
  auto DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
      Files[0], Why, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB) {
    llvm::errs() << "dispatch-nvcc-translate: " << Why << "\n";
    return 1;
  }
  clang::tooling::ArgumentsAdjuster Adjust = dispatch::driver::nvccToClangAdjuster(Options);

  std::error_code EC;
  llvm::raw_fd_ostream Out(Files[1], EC, llvm::sys::fs::OF_Text);
  if (EC) {
    llvm::errs() << "dispatch-nvcc-translate: " << Files[1] << ": " << EC.message() << "\n";
    return 1;
  }
  llvm::json::OStream J(Out, 1);
  J.array([&] {
    for (const clang::tooling::CompileCommand &C : DB->getAllCompileCommands())
      J.object([&] {
        J.attribute("directory", C.Directory);
        J.attribute("file", C.Filename);
        J.attributeArray("arguments", [&] {
          for (const std::string &A : Adjust(dispatch::driver::isNvccCommand(C)
                                                 ? dispatch::driver::NvccRules::builtin()
                                                       .spliceOptionsFiles(C.CommandLine, C.Directory)
                                                 : C.CommandLine,
                                             C.Filename))
            J.value(A);
        });
      });
  });
  Out << "\n";
  return 0;
}
