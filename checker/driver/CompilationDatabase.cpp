#include "CompilationDatabase.h"

#include "NvccTranslation.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/Path.h"

namespace dispatch::driver {

using namespace clang::tooling;

llvm::Expected<std::unique_ptr<CompilationDatabase>> loadCompilationDatabase(llvm::StringRef Dir) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "compile_commands.json");
  std::string Why;
  std::unique_ptr<CompilationDatabase> DB =
      JSONCompilationDatabase::loadFromFile(Path, Why, JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  // Translated before ClangTool's own adjusters run: those know clang's
  // options, not nvcc's (`-optf FILE` would lose its option, keep FILE).
  auto Adjusted = std::make_unique<ArgumentsAdjustingCompilations>(withNvccOptionsFiles(std::move(DB)));
  Adjusted->appendArgumentsAdjuster(nvccToClangAdjuster({}));
  return std::move(Adjusted);
}

} // namespace dispatch::driver
