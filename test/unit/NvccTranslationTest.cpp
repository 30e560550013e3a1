// nvcc → clang translation (checker/driver/NvccTranslation.h): every rule of
// integrations/cuda/nvcc-rules.json, the lit fixture's nvcc entry, the
// adjuster on other commands, and malformed rules. The results are those of
// nvcc_to_clang.py (the parity test compares both on more command lines);
// where that behaviour looks wrong it is pinned here, marked "as Python".
#include "NvccTranslation.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <initializer_list>

using namespace dispatch::driver;
using Args = std::vector<std::string>;

namespace {

const char *const Shims = "/shims/include";

NvccTranslationOptions options() {
  NvccTranslationOptions O;
  O.ClangXX = "clang++";
  O.CudaPath = "/usr/local/cuda";
  O.ShimsIncludeDir = Shims;
  return O;
}

Args extras(const std::string &Cuda = "/usr/local/cuda", const std::string &ShimDir = Shims) {
  return {"--cuda-path=" + Cuda,
          "-nocudalib",
          "-Wno-unknown-cuda-version",
          "-Xclang",
          "-fcuda-allow-variadic-functions",
          "-isystem",
          ShimDir,
          "-isystem",
          Cuda + (Cuda.empty() || Cuda.back() == '/' ? "" : "/") + "include/cccl",
          "-include",
          "dispatch_cuda_shims.h"};
}

Args tr(Args In) {
  In.insert(In.begin(), "/usr/local/cuda/bin/nvcc");
  return translateNvccArguments(In, options());
}

// clang++, Middle, one --cuda-gpu-arch per architecture, nvcc's default
// dialect when Middle sets none, the extras.
Args expected(Args Middle, std::initializer_list<const char *> Archs = {"sm_80"}) {
  Args Out = {"clang++"};
  Out.insert(Out.end(), Middle.begin(), Middle.end());
  for (const char *A : Archs)
    Out.push_back(std::string("--cuda-gpu-arch=") + A);
  if (llvm::none_of(Middle, [](const std::string &A) { return llvm::StringRef(A).starts_with("-std="); }))
    Out.push_back("-std=c++17");
  Args X = extras();
  Out.insert(Out.end(), X.begin(), X.end());
  return Out;
}

std::string fileText(const char *Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  EXPECT_TRUE(bool(Buf)) << Path;
  return Buf ? (*Buf)->getBuffer().str() : "";
}

nlohmann::json sourceRules() { return nlohmann::json::parse(fileText(DISPATCH_NVCC_RULES_JSON)); }

std::string parseError(const std::string &Json) {
  llvm::Expected<NvccRules> R = NvccRules::parse(Json);
  if (R)
    return "(parsed)";
  return llvm::toString(R.takeError());
}

// --- the table ---------------------------------------------------------------

TEST(NvccRules, BuiltinIsTheSourceTable) {
  const NvccRules &B = NvccRules::builtin();
  llvm::Expected<NvccRules> S = NvccRules::parse(fileText(DISPATCH_NVCC_RULES_JSON));
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  EXPECT_EQ(B.Version, 1u);
  EXPECT_EQ(B.Executables, S->Executables);
  EXPECT_EQ(B.Architecture.Options.Separate, S->Architecture.Options.Separate);
  EXPECT_EQ(B.Architecture.Options.Joined, S->Architecture.Options.Joined);
  EXPECT_EQ(B.Architecture.Default, "sm_80");
  EXPECT_EQ(B.Architecture.Newest, "sm_90");
  EXPECT_EQ(B.HostCompiler.Separate, S->HostCompiler.Separate);
  EXPECT_EQ(B.RelocatableDeviceCode.Clang, S->RelocatableDeviceCode.Clang);
  EXPECT_EQ(B.Language.Map, S->Language.Map);
  EXPECT_EQ(B.SplitAtEquals, S->SplitAtEquals);
  EXPECT_EQ(B.Std.Options.Separate, S->Std.Options.Separate);
  EXPECT_EQ(B.Std.Default, "c++17");
  EXPECT_EQ(B.OptionsFiles.Separate, S->OptionsFiles.Separate);
  EXPECT_EQ(B.OptionsFiles.Joined, S->OptionsFiles.Joined);
  EXPECT_EQ(B.DropWithValue, S->DropWithValue);
  EXPECT_EQ(B.Drop, S->Drop);
  EXPECT_EQ(B.DropPrefixes, S->DropPrefixes);
  EXPECT_EQ(B.Extras, S->Extras);
}

TEST(NvccDetect, NvccAndNvccExeByBasename) {
  auto Cmd = [](std::string Argv0) {
    clang::tooling::CompileCommand C;
    if (!Argv0.empty())
      C.CommandLine = {Argv0, "-c", "a.cu"};
    return C;
  };
  EXPECT_TRUE(isNvccCommand(Cmd("nvcc")));
  EXPECT_TRUE(isNvccCommand(Cmd("/usr/local/cuda/bin/nvcc")));
  EXPECT_TRUE(isNvccCommand(Cmd("nvcc.exe")));
  EXPECT_TRUE(isNvccCommand(Cmd("C:/CUDA/v12.4/bin/nvcc.exe")));
  EXPECT_FALSE(isNvccCommand(Cmd("/usr/bin/c++")));
  EXPECT_FALSE(isNvccCommand(Cmd("/opt/bin/nvcc-wrapper")));
  EXPECT_FALSE(isNvccCommand(Cmd("NVCC")));
  EXPECT_FALSE(isNvccCommand(Cmd("/usr/local/cuda/bin/")));
  EXPECT_FALSE(isNvccCommand(Cmd("")));
}

TEST(NvccTranslate, NoOptionsGivesTheDefaultArchitectureAndTheExtras) {
  EXPECT_EQ(tr({"-c", "a.cu"}), expected({"-c", "a.cu"}));
  EXPECT_EQ(translateNvccArguments({"nvcc"}, options()), expected({}));
  EXPECT_EQ(translateNvccArguments({}, options()), expected({})); // as Python
}

TEST(NvccTranslate, DropWithValue) {
  for (const char *O :
       {"-ccbin", "--compiler-bindir", "-Xcudafe", "-Xptxas", "--ptxas-options", "-Xnvlink",
        "--nvlink-options", "-Xfatbin", "--fatbin-options", "-diag-suppress", "--threads", "-t", "--options-file",
        "-optf", "-Werror", "--Werror", "-maxrregcount", "--maxrregcount"}) {
    EXPECT_EQ(tr({O, "VALUE", "-c", "a.cu"}), expected({"-c", "a.cu"})) << O;
    EXPECT_EQ(tr({"-c", "a.cu", O}), expected({"-c", "a.cu"})) << O << " without its value";
    EXPECT_EQ(tr({O, "-c", "a.cu"}), expected({"a.cu"})) << O << " takes the next argument";
  }
  EXPECT_EQ(NvccRules::builtin().DropWithValue.size(), 18u);
}

TEST(NvccTranslate, DropSwitches) {
  for (const char *O : {"--expt-relaxed-constexpr",
                        "-expt-relaxed-constexpr",
                        "--expt-extended-lambda",
                        "-expt-extended-lambda",
                        "--extended-lambda",
                        "-extended-lambda",
                        "-lineinfo",
                        "--generate-line-info",
                        "-G",
                        "--device-debug",
                        "--use_fast_math",
                        "-use_fast_math",
                        "-forward-unknown-to-host-compiler",
                        "--forward-unknown-to-host-compiler",
                        "-forward-unknown-to-host-linker",
                        "--keep",
                        "-keep",
                        "-dlto",
                        "--dlink-time-opt",
                        "-cudart",
                        "--cudart",
                        "-static-global-template-stub=true"})
    EXPECT_EQ(tr({O, "-c", "a.cu"}), expected({"-c", "a.cu"})) << O;
  EXPECT_EQ(NvccRules::builtin().Drop.size(), 22u);
  // Only the exact spelling (as Python).
  EXPECT_EQ(tr({"-static-global-template-stub=false", "-g"}),
            expected({"-static-global-template-stub=false", "-g"}));
}

TEST(NvccTranslate, DropPrefixes) {
  for (const char *O :
       {"--diag-suppress=177", "--diag_suppress=1,2", "-Werror=all-warnings",
        "--Werror=cross-execution-space-call", "-ccbin=/usr/bin/g++-12",
        "--compiler-bindir=/usr/bin", "--threads=0", "-maxrregcount=64", "--maxrregcount=32",
        "--cudart=shared", "-cudart=static", "-Xcudafe=--display_error_number", "-Xptxas=-v",
        "--ptxas-options=-v", "--use-local-env", "--use-local-envX",
        // faiss adds -Xfatbin=-compress-all to every .cu file: clang rejects it
        "-Xfatbin=-compress-all", "--fatbin-options=-compress-all", "-Xnvlink=-v",
        "--nvlink-options=-v", "--options-file=missing.rsp"})
    EXPECT_EQ(tr({O, "-c", "a.cu"}), expected({"-c", "a.cu"})) << O;
  EXPECT_EQ(NvccRules::builtin().DropPrefixes.size(), 21u);
}

TEST(NvccTranslate, JoinedFormsWithoutARuleAreKept) {
  // As Python: these nvcc spellings have no rule, clang rejects them.
  for (const char *O : {"-diag-suppress=177", "-t=2", "-optf=f.rsp"})
    EXPECT_EQ(tr({O}), expected({O})) << O;
  EXPECT_EQ(tr({"--diag-suppress", "177"}), expected({"--diag-suppress", "177"}));
  EXPECT_EQ(tr({"--keep-dir", "/tmp/k"}), expected({"--keep-dir", "/tmp/k"}));
}

TEST(NvccTranslate, HostCompilerListsArePassedThrough) {
  EXPECT_EQ(tr({"-Xcompiler", "-fPIC,-Wall"}), expected({"-fPIC", "-Wall"}));
  EXPECT_EQ(tr({"-Xcompiler=-fPIC,,-O2,"}), expected({"-fPIC", "-O2"}));
  EXPECT_EQ(tr({"--compiler-options", "-fopenmp"}), expected({"-fopenmp"}));
  EXPECT_EQ(tr({"--compiler-options=-g,-fno-exceptions"}), expected({"-g", "-fno-exceptions"}));
  EXPECT_EQ(tr({"-Xcompiler=,"}), expected({}));
  // The value is taken whatever it looks like; a trailing -Xcompiler is kept.
  EXPECT_EQ(tr({"-Xcompiler", "-c", "a.cu"}), expected({"-c", "a.cu"}));
  EXPECT_EQ(tr({"a.cu", "-Xcompiler"}), expected({"a.cu", "-Xcompiler"}));
  // Commas inside a host option are split too (as nvcc does).
  EXPECT_EQ(tr({"-Xcompiler", "-Wl,-rpath,/x"}), expected({"-Wl", "-rpath", "/x"}));
}

TEST(NvccTranslate, RelocatableDeviceCode) {
  EXPECT_EQ(tr({"-rdc", "true", "-c"}), expected({"-fgpu-rdc", "-c"}));
  EXPECT_EQ(tr({"-rdc", "false", "-c"}), expected({"-c"}));
  EXPECT_EQ(tr({"-rdc=true"}), expected({"-fgpu-rdc"}));
  EXPECT_EQ(tr({"-rdc=false"}), expected({}));
  EXPECT_EQ(tr({"--relocatable-device-code", "true"}), expected({"-fgpu-rdc"}));
  EXPECT_EQ(tr({"--relocatable-device-code", "false"}), expected({}));
  EXPECT_EQ(tr({"--relocatable-device-code=true"}), expected({"-fgpu-rdc"}));
  EXPECT_EQ(tr({"--relocatable-device-code=false"}), expected({}));
  EXPECT_EQ(tr({"-rdc=TRUE"}), expected({})); // as Python: only "true"
  EXPECT_EQ(tr({"-rdc", "TRUE"}), expected({}));
  EXPECT_EQ(tr({"-c", "-rdc"}), expected({"-c", "-rdc"})); // no value: kept
  EXPECT_EQ(tr({"-dc", "a.cu"}), expected({"-fgpu-rdc", "-c", "a.cu"}));
  EXPECT_EQ(tr({"--device-c", "a.cu"}), expected({"-fgpu-rdc", "-c", "a.cu"}));
}

TEST(NvccTranslate, Language) {
  EXPECT_EQ(tr({"-x", "cu", "-c", "a.cu"}), expected({"-x", "cuda", "-c", "a.cu"}));
  EXPECT_EQ(tr({"--x", "cu"}), expected({"-x", "cuda"}));
  EXPECT_EQ(tr({"-x", "c++", "a.cpp"}), expected({"-x", "c++", "a.cpp"}));
  EXPECT_EQ(tr({"a.cu", "-x"}), expected({"a.cu", "-x"}));
  EXPECT_EQ(tr({"-xcu"}), expected({"-xcu"})); // as Python: joined form kept
}

TEST(NvccTranslate, Std) {
  EXPECT_EQ(tr({"--std=c++14"}), expected({"-std=c++14"}));
  EXPECT_EQ(tr({"--std", "c++17"}), expected({"-std=c++17"}));
  EXPECT_EQ(tr({"-std", "c++20"}), expected({"-std=c++20"}));
  EXPECT_EQ(tr({"-std=c++17"}), expected({"-std=c++17"}));
  EXPECT_EQ(tr({"-std=gnu++17"}), expected({"-std=gnu++17"}));
  EXPECT_EQ(tr({"a.cu", "-std"}), expected({"a.cu", "-std"}));
}

TEST(NvccTranslate, StdDefaultsToNvccsDialect) {
  // nvcc 12+ compiles C++17 when CMake passes no -std (faiss: every CCCL
  // include failed under clang's CUDA default, C++14).
  Args Out = tr({"-c", "a.cu"});
  EXPECT_EQ(llvm::count(Out, "-std=c++17"), 1);
  Out = tr({"-std=c++20", "-c", "a.cu"});
  EXPECT_EQ(llvm::count(Out, "-std=c++17"), 0);
  EXPECT_EQ(llvm::count(Out, "-std=c++20"), 1);
}

TEST(NvccOptionsFiles, SplicedRelativeToTheDirectory) {
  // CMake's `--options-file CMakeFiles/t.dir/includes_CUDA.rsp`, relative to
  // the command's directory, holding nvcc spellings translated like the rest.
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nvcc-optf", Dir));
  llvm::SmallString<128> Rsp(Dir);
  llvm::sys::path::append(Rsp, "includes_CUDA.rsp");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Rsp, EC);
    ASSERT_FALSE(EC);
    OS << "-I/src/inc \"/src/with space\" -isystem=/opt/cuda/include\n";
  }
  const NvccRules &R = NvccRules::builtin();
  Args In = {"nvcc", "--options-file", "includes_CUDA.rsp", "-c", "a.cu"};
  Args Spliced = R.spliceOptionsFiles(In, Dir);
  EXPECT_EQ(Spliced, (Args{"nvcc", "-I/src/inc", "/src/with space", "-isystem=/opt/cuda/include",
                           "-c", "a.cu"}));
  EXPECT_EQ(R.spliceOptionsFiles({"nvcc", "-optf", "includes_CUDA.rsp"}, Dir),
            (Args{"nvcc", "-I/src/inc", "/src/with space", "-isystem=/opt/cuda/include"}));
  EXPECT_EQ(R.spliceOptionsFiles({"nvcc", "--options-file=includes_CUDA.rsp"}, Dir),
            (Args{"nvcc", "-I/src/inc", "/src/with space", "-isystem=/opt/cuda/include"}));
  // Translated, the include directories arrive in clang's spelling.
  Args Out = translateNvccArguments(Spliced, options());
  EXPECT_EQ(llvm::count(Out, "-I/src/inc"), 1);
  EXPECT_NE(llvm::find(Out, "/opt/cuda/include"), Out.end());
  // A file that cannot be read stays, and translation drops it.
  Args Missing = {"nvcc", "--options-file", "gone.rsp", "-c", "a.cu"};
  EXPECT_EQ(R.spliceOptionsFiles(Missing, Dir), Missing);
  EXPECT_EQ(translateNvccArguments(Missing, options()), expected({"-c", "a.cu"}));
  llvm::sys::fs::remove(Rsp);
  llvm::sys::fs::remove(Dir);
}

TEST(NvccTranslate, SplitAtEquals) {
  EXPECT_EQ(tr({"-isystem=/opt/inc"}), expected({"-isystem", "/opt/inc"}));
  EXPECT_EQ(tr({"-I=/opt/inc"}), expected({"-I", "/opt/inc"}));
  EXPECT_EQ(tr({"-isystem=/a=b"}), expected({"-isystem", "/a=b"}));
  EXPECT_EQ(tr({"-isystem="}), expected({"-isystem", ""}));
  EXPECT_EQ(tr({"-isystem", "/usr/inc", "-I", "/sep", "-I/joined"}),
            expected({"-isystem", "/usr/inc", "-I", "/sep", "-I/joined"}));
}

TEST(NvccTranslate, ArchitectureSpellings) {
  EXPECT_EQ(tr({"-arch=sm_90"}), expected({}, {"sm_90"}));
  EXPECT_EQ(tr({"-arch", "sm_86"}), expected({}, {"sm_86"}));
  EXPECT_EQ(tr({"--gpu-architecture=sm_70"}), expected({}, {"sm_70"}));
  EXPECT_EQ(tr({"--gpu-architecture", "compute_61"}), expected({}, {"sm_61"}));
  EXPECT_EQ(tr({"-code=sm_75"}), expected({}, {"sm_75"}));
  EXPECT_EQ(tr({"-code", "sm_75"}), expected({}, {"sm_75"}));
  EXPECT_EQ(tr({"--gpu-code=sm_72"}), expected({}, {"sm_72"}));
  EXPECT_EQ(tr({"--gpu-code", "sm_72"}), expected({}, {"sm_72"}));
  EXPECT_EQ(tr({"-gencode", "arch=compute_80,code=sm_80"}), expected({}, {"sm_80"}));
  EXPECT_EQ(tr({"-gencode=arch=compute_70,code=sm_70"}), expected({}, {"sm_70"}));
  EXPECT_EQ(tr({"--generate-code", "arch=compute_89,code=sm_89"}), expected({}, {"sm_89"}));
  EXPECT_EQ(tr({"--generate-code=arch=compute_80,code=[compute_80,sm_80]"}),
            expected({}, {"sm_80"}));
  EXPECT_EQ(tr({"-arch", "80"}), expected({}, {"sm_80"}));
  EXPECT_EQ(tr({"--gpu-code=[ 75 ]"}), expected({}, {"sm_75"}));
  EXPECT_EQ(tr({"-code=sm_90a"}), expected({}, {"sm_90"}));
}

TEST(NvccTranslate, ArchitectureListsDuplicatesAndOrder) {
  // As Python: the first architecture of each value only.
  EXPECT_EQ(tr({"-code=[sm_80,sm_90]"}), expected({}, {"sm_80"}));
  EXPECT_EQ(tr({"-gencode", "arch=compute_80,code=[sm_80,sm_90]"}), expected({}, {"sm_80"}));
  EXPECT_EQ(tr({"-arch=sm_50,sm_60"}), expected({}, {"sm_50"}));
  // Once each, in order of first appearance, after the other arguments.
  EXPECT_EQ(tr({"-arch=sm_90", "-c", "-gencode", "arch=compute_80,code=sm_80", "-arch=sm_90",
                "-code=sm_80", "a.cu"}),
            expected({"-c", "a.cu"}, {"sm_90", "sm_80"}));
  // Values that name no architecture: the default.
  EXPECT_EQ(tr({"-arch=native"}), expected({}));
  EXPECT_EQ(tr({"-arch=all-major", "-gencode", "arch=lto_80"}), expected({}));
  // A trailing -arch has no value: kept.
  EXPECT_EQ(tr({"a.cu", "-arch"}), expected({"a.cu", "-arch"}));
  // The value is taken whatever it looks like.
  EXPECT_EQ(tr({"-arch", "-c", "a.cu"}), expected({"a.cu"}));
}

TEST(NvccTranslate, ArchitectureOf) {
  const NvccRules &R = NvccRules::builtin();
  EXPECT_EQ(R.architectureOf("sm_80"), "sm_80");
  EXPECT_EQ(R.architectureOf("compute_80"), "sm_80");
  EXPECT_EQ(R.architectureOf("arch=compute_80,code=sm_90"), "sm_80");
  EXPECT_EQ(R.architectureOf("80"), "sm_80");
  EXPECT_EQ(R.architectureOf(" 75 "), "sm_75");
  EXPECT_EQ(R.architectureOf("[,sm_86]"), "sm_86");
  EXPECT_EQ(R.architectureOf("sm_"), "sm_"); // as Python
  // Newer than clang knows (LightGBM's CMake passes 100 and 120), or with a
  // suffix: read as the newest it knows, sm_90.
  EXPECT_EQ(R.architectureOf("sm_100"), "sm_90");
  EXPECT_EQ(R.architectureOf("arch=compute_120,code=sm_120"), "sm_90");
  EXPECT_EQ(R.architectureOf("120"), "sm_90");
  EXPECT_EQ(R.architectureOf("sm_90a"), "sm_90");
  EXPECT_EQ(R.architectureOf("compute_100a"), "sm_90");
  EXPECT_EQ(R.architectureOf("native"), std::nullopt);
  EXPECT_EQ(R.architectureOf(""), std::nullopt);
}

TEST(NvccTranslate, ExtrasFillThePlaceholdersAsPaths) {
  NvccTranslationOptions O = options();
  O.ClangXX = "/usr/bin/clang++-16";
  O.CudaPath = "/opt/cuda-12.4/";
  O.ShimsIncludeDir = "/x/include";
  Args Out = translateNvccArguments({"nvcc", "-c", "a.cu"}, O);
  Args Want = {"/usr/bin/clang++-16", "-c", "a.cu", "--cuda-gpu-arch=sm_80", "-std=c++17"};
  Args X = extras("/opt/cuda-12.4/", "/x/include");
  Want.insert(Want.end(), X.begin(), X.end());
  EXPECT_EQ(Out, Want);
  EXPECT_EQ(Out[Out.size() - 3], "/opt/cuda-12.4/include/cccl");
  // An empty CUDA path: os.path.join("", "include/cccl").
  EXPECT_EQ(NvccRules::builtin().extras("", "/s")[0], "--cuda-path=");
  EXPECT_EQ(NvccRules::builtin().extras("", "/s")[8], "include/cccl");
}

TEST(NvccTranslate, EmptyShimsDirIsTheDefault) {
  NvccTranslationOptions O = options();
  O.ShimsIncludeDir.clear();
  Args Out = translateNvccArguments({"nvcc"}, O);
  EXPECT_EQ(Out[Out.size() - 5], defaultShimsIncludeDir());
  EXPECT_EQ(defaultShimsIncludeDir(), DISPATCH_TEST_SHIMS_DIR); // not installed: the source tree's
}

// --- the lit fixture ----------------------------------------------------------

// test/lit/integrations/nvcc-to-clang.cpp checks this list for nvcc_db.json.
Args litExpected(const std::string &ShimDir) {
  return {"clang++",
          "-I/src/include",
          "-isystem",
          "/usr/local/cuda/include",
          "-O3",
          "-fPIC",
          "-Wall",
          "-fgpu-rdc",
          "-std=c++17",
          "-x",
          "cuda",
          "-c",
          "/src/kernels.cu",
          "-o",
          "kernels.o",
          "--cuda-gpu-arch=sm_80",
          "--cuda-gpu-arch=sm_90",
          "--cuda-path=/usr/local/cuda",
          "-nocudalib",
          "-Wno-unknown-cuda-version",
          "-Xclang",
          "-fcuda-allow-variadic-functions",
          "-isystem",
          ShimDir,
          "-isystem",
          "/usr/local/cuda/include/cccl",
          "-include",
          "dispatch_cuda_shims.h"};
}

TEST(NvccTranslate, LitFixtureNvccEntry) {
  Args In = {"/usr/local/cuda/bin/nvcc",
             "-forward-unknown-to-host-compiler",
             "-I/src/include",
             "-isystem=/usr/local/cuda/include",
             "-O3",
             "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
             "-Xcompiler=-fPIC,-Wall",
             "--expt-relaxed-constexpr",
             "--extended-lambda",
             "-rdc=true",
             "-ccbin",
             "/usr/bin/g++",
             "-Xptxas",
             "-v",
             "--diag-suppress=177",
             "-lineinfo",
             "-std=c++17",
             "-x",
             "cu",
             "-c",
             "/src/kernels.cu",
             "-o",
             "kernels.o",
             "-arch=sm_90"};
  EXPECT_EQ(translateNvccArguments(In, options()), litExpected(Shims));
}

TEST(NvccAdjuster, LitFixtureThroughTheCompilationDatabase) {
  std::string Why;
  auto DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
      DISPATCH_LIT_NVCC_DB, Why, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  ASSERT_TRUE(DB) << Why;
  auto All = DB->getAllCompileCommands();
  ASSERT_EQ(All.size(), 2u);
  NvccTranslationOptions O;
  O.ShimsIncludeDir = Shims;
  auto Adjust = nvccToClangAdjuster(O);
  ASSERT_TRUE(isNvccCommand(All[0]));
  EXPECT_EQ(Adjust(All[0].CommandLine, All[0].Filename), litExpected(Shims));
  ASSERT_FALSE(isNvccCommand(All[1]));
  Args Cpp = {"/usr/bin/c++", "-I/src/include", "-O3", "-c", "/src/main.cpp", "-o", "main.o"};
  EXPECT_EQ(All[1].CommandLine, Cpp);
  EXPECT_EQ(Adjust(All[1].CommandLine, All[1].Filename), Cpp);
}

// --- the adjuster -------------------------------------------------------------

TEST(NvccAdjuster, OtherCommandsAreUntouched) {
  auto Adjust = nvccToClangAdjuster(options());
  for (const Args &A :
       {Args{"/usr/bin/c++", "-arch=sm_80", "-x", "cu", "-Xcompiler", "-fPIC", "a.cpp"},
        Args{"clang++", "-rdc=true", "--std=c++17", "-isystem=/x", "a.cu"},
        Args{"/opt/bin/nvcc-wrapper", "-arch=sm_80", "a.cu"}, Args{"/opt/bin/NVCC", "-c", "a.cu"},
        Args{}})
    EXPECT_EQ(Adjust(A, "a.cu"), A);
}

TEST(NvccAdjuster, NvccAndNvccExeAreTranslated) {
  auto Adjust = nvccToClangAdjuster(options());
  EXPECT_EQ(Adjust({"nvcc", "-arch=sm_75", "-c", "a.cu"}, "a.cu"),
            expected({"-c", "a.cu"}, {"sm_75"}));
  EXPECT_EQ(Adjust({"C:/CUDA/v12.4/bin/nvcc.exe", "-arch=sm_75", "-c", "a.cu"}, "a.cu"),
            expected({"-c", "a.cu"}, {"sm_75"}));
}

TEST(NvccAdjuster, UsesTheRulesItIsGiven) {
  nlohmann::json J = sourceRules();
  J["executables"] = {"mynvcc"};
  J["architecture"]["default"] = "sm_70";
  J["drop"].push_back("-Wmine");
  llvm::Expected<NvccRules> R = NvccRules::parse(J.dump());
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  NvccTranslationOptions O = options();
  O.Rules = std::make_shared<const NvccRules>(std::move(*R));
  auto Adjust = nvccToClangAdjuster(O);
  EXPECT_EQ(Adjust({"nvcc", "-c"}, "a.cu"), (Args{"nvcc", "-c"}));
  EXPECT_EQ(Adjust({"/bin/mynvcc", "-Wmine", "-c"}, "a.cu"), expected({"-c"}, {"sm_70"}));
}

// --- malformed rules ------------------------------------------------------------

TEST(NvccRulesParse, MalformedJsonIsAnErrorWithAMessage) {
  std::string E = parseError("{\"version\": 1,");
  EXPECT_NE(E.find("nvcc rules: not valid JSON"), std::string::npos) << E;
  EXPECT_NE(E.find("parse error"), std::string::npos) << E;
  EXPECT_NE(parseError("").find("not valid JSON"), std::string::npos);
  EXPECT_NE(parseError("[1, 2]").find("the top level must be an object"), std::string::npos);
}

TEST(NvccRulesParse, EachFieldIsChecked) {
  auto With = [](auto Edit) {
    nlohmann::json J = sourceRules();
    Edit(J);
    return parseError(J.dump());
  };
  auto Has = [](const std::string &E, const char *Text) {
    return E.find(Text) != std::string::npos;
  };
  EXPECT_EQ(With([](nlohmann::json &) {}), "(parsed)");
  std::string E = With([](nlohmann::json &J) { J.erase("version"); });
  EXPECT_TRUE(Has(E, "'version' is missing")) << E;
  E = With([](nlohmann::json &J) { J["version"] = 2; });
  EXPECT_TRUE(Has(E, "unsupported 'version' 2")) << E;
  E = With([](nlohmann::json &J) { J["architecture"].erase("joined"); });
  EXPECT_TRUE(Has(E, "'architecture.joined' is missing")) << E;
  E = With([](nlohmann::json &J) { J["drop"] = "-G"; });
  EXPECT_TRUE(Has(E, "'drop' must be a non-empty array of strings")) << E;
  E = With([](nlohmann::json &J) { J["drop_prefixes"].push_back(""); });
  EXPECT_TRUE(Has(E, "'drop_prefixes' must be a non-empty array of non-empty strings")) << E;
  E = With([](nlohmann::json &J) { J["host_compiler"]["joined"].push_back("-Xcompiler"); });
  EXPECT_TRUE(Has(E, "\"-Xcompiler\" must end with its only '='")) << E;
  E = With([](nlohmann::json &J) { J["architecture"]["value_prefixes"].push_back("lto"); });
  EXPECT_TRUE(Has(E, "\"lto\" must end with '_'")) << E;
  E = With([](nlohmann::json &J) { J["language"]["map"]["cu"] = 1; });
  EXPECT_TRUE(Has(E, "'language.map.cu' must be a non-empty string")) << E;
  E = With([](nlohmann::json &J) { J["std"] = nlohmann::json::array(); });
  EXPECT_TRUE(Has(E, "'std' must be an object")) << E;
  E = With([](nlohmann::json &J) { J["extras"].push_back("{cudnn}/include"); });
  EXPECT_TRUE(Has(E, "unknown placeholder {cudnn}")) << E;
  E = With([](nlohmann::json &J) { J["drop_prefix"] = {"-x"}; });
  EXPECT_TRUE(Has(E, "unknown field 'drop_prefix'")) << E;
  E = With([](nlohmann::json &J) { J["relocatable_device_code"]["enable"] = "true"; });
  EXPECT_TRUE(Has(E, "unknown field 'relocatable_device_code.enable'")) << E;
  E = With([](nlohmann::json &J) { J["comment"] = 3; });
  EXPECT_TRUE(Has(E, "'comment' must be a string")) << E;
}

} // namespace
