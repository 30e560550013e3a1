// The trimmed pipeline engages when only dispatch-* checks run and stays off
// when asked to or when another checker runs: asserted on the traversal scope
// the checks leave on the ASTContext, through the same in-process runner
// dispatch-scan and dispatch-clangd use. (That trimming changes no output is
// test/checks/trimmed_traversal_equivalence.py's job.)
#include "TuRunner.h"

#include "dispatch/TraversalScope.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace dispatch;
using namespace dispatch::driver;

namespace {

struct Outcome {
  bool Ran = false;
  bool Limited = false;
  std::vector<std::string> Checks;
};

class PipelineTrim : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("pipeline-trim", Dir));
    write("main.cpp", "#include <vector>\n#include <string>\n"
                      "struct Tensor { Tensor(float) {} };\n"
                      "void take(Tensor);\n"
                      "int main() { std::vector<std::string> v{\"a\"}; take(1.0f); "
                      "return int(v.size()); }\n");
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  void write(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }

  Outcome run(const std::string &Checks = "") {
    llvm::SmallString<128> File(Dir);
    llvm::sys::path::append(File, "main.cpp");
    TuCommand R;
    R.Command = clang::tooling::CompileCommand(Dir, File.str().str(),
                                               {"clang++", "-std=c++20", "-c", File.str().str()},
                                               "");
    R.LlvmRoot = DISPATCH_LLVM_ROOT;
    TuRunnerOptions Opts;
    Opts.Checks = Checks;
    TuRunner Runner(Opts);
    Outcome O;
    Runner.run(R, [&](clang::ASTContext &Ctx, const std::vector<const Finding *> &Found,
                      llvm::StringRef) {
      O.Ran = true;
      O.Limited = hasLimitedTraversalScope(Ctx);
      for (const Finding *F : Found)
        O.Checks.push_back(F->Check);
    });
    EXPECT_EQ(Runner.compileErrors(), 0u);
    return O;
  }

  llvm::SmallString<128> Dir;
};

const std::vector<std::string> Expected = {"dispatch-implicit-conversion"};

TEST_F(PipelineTrim, LimitsTheTraversalWhenOnlyDispatchChecksRun) {
  Outcome O = run();
  ASSERT_TRUE(O.Ran);
  EXPECT_TRUE(O.Limited);
  EXPECT_EQ(O.Checks, Expected);
}

TEST_F(PipelineTrim, OptionFalseKeepsTheWholeTraversal) {
  write(".clang-tidy", "CheckOptions:\n  TraverseProjectCodeOnly: false\n");
  Outcome O = run();
  ASSERT_TRUE(O.Ran);
  EXPECT_FALSE(O.Limited);
  EXPECT_EQ(O.Checks, Expected);
}

TEST_F(PipelineTrim, AnotherCheckerKeepsTheWholeTraversal) {
  // A static-analyzer checker walks the TU through the same traversal scope.
  Outcome O = run("clang-analyzer-core.DivideZero");
  ASSERT_TRUE(O.Ran);
  EXPECT_FALSE(O.Limited);
  EXPECT_EQ(O.Checks, Expected);
}

} // namespace
