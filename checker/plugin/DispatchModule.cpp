// The `dispatch` clang-tidy module: registers every dispatch-* check of the
// registry (rules/checks.json) under its name. Linked into the plugin loaded
// by `clang-tidy --load` and into the standalone tools that run clang-tidy
// in-process.
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

#include "DispatchCheckRegistrations.inc" // generated from rules/checks.json

namespace dispatch {

class DispatchModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    DISPATCH_REGISTER_CHECKS(Factories);
  }
};

} // namespace dispatch

static clang::tidy::ClangTidyModuleRegistry::Add<dispatch::DispatchModule>
    X("dispatch-module", "Checks for declarations that widen overload resolution.");

// Referenced by tools that link the module statically, so the linker keeps the
// registration above.
volatile int DispatchModuleAnchorSource = 0;
