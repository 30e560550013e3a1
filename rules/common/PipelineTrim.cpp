#include "PipelineTrim.h"

#include "dispatch/LLVMCompat.h"
#include "dispatch/Options.h"
#include "dispatch/TraversalScope.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/StaticAnalyzer/Core/AnalyzerOptions.h"

#include <string>
#include <vector>

namespace dispatch {

using namespace clang::tidy;

/// Every check name this process can run: the registry holds clang-tidy's
/// modules and the loaded plugins', and does not change after start-up.
static const std::vector<std::string> &registeredChecks() {
  static const std::vector<std::string> Names = [] {
    ClangTidyCheckFactories Factories;
    for (const ClangTidyModuleRegistry::entry &E : ClangTidyModuleRegistry::entries())
      E.instantiate()->addCheckFactories(Factories);
    std::vector<std::string> Out;
    for (const auto &F : Factories)
      Out.push_back(F.getKey().str());
    for (llvm::StringRef Checker : clang::AnalyzerOptions::getRegisteredCheckers(
             /*IncludeExperimental=*/true))
      Out.push_back(("clang-analyzer-" + Checker).str());
    return Out;
  }();
  return Names;
}

static bool optionSaysNo(const ClangTidyOptions &Opts, llvm::StringRef Key) {
  auto It = Opts.CheckOptions.find(Key);
  if (It == Opts.CheckOptions.end())
    return false;
  return parseBool(It->second.Value) == false;
}

bool mayTrimPipeline(ClangTidyContext &Context) {
  const ClangTidyOptions &Opts = Context.getOptions();
  if (Opts.SystemHeaders.value_or(false) || optionSaysNo(Opts, "TraverseProjectCodeOnly"))
    return false;
  for (const std::string &Name : registeredChecks()) {
    if (!Context.isCheckEnabled(Name))
      continue;
    if (!llvm::StringRef(Name).starts_with("dispatch-") ||
        optionSaysNo(Opts, Name + ".TraverseProjectCodeOnly"))
      return false;
  }
  return true;
}

void skipModuleHeaderExpansion(ClangTidyContext &Context) {
#if DISPATCH_TIDY_RELEXES_MODULE_HEADERS
  // clang-tidy decides from its own copy of the TU's language options, read
  // after the checks are constructed; the compiler's options are untouched.
  const_cast<clang::LangOptions &>(Context.getLangOpts()).Modules = false;
#else
  // clang-tidy 17+ re-lexes module headers only when asked to
  // (--enable-module-headers-parsing); an explicit request is respected.
  (void)Context;
#endif
}

void ProjectScopeSetter::registerOn(clang::ast_matchers::MatchFinder &Finder) {
  Finder.addMatcher(clang::ast_matchers::translationUnitDecl(), this);
}

void ProjectScopeSetter::run(const clang::ast_matchers::MatchFinder::MatchResult &Result) {
  clang::ASTContext &Ctx = *Result.Context;
  // A second dispatch check's setter, or a host (clangd) that chose its own.
  if (hasLimitedTraversalScope(Ctx))
    return;
  Ctx.setTraversalScope(projectTraversalScope(Ctx));
}

} // namespace dispatch
