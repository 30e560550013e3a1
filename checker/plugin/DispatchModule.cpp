// The `dispatch` clang-tidy module: registers every dispatch-* check under its
// fixed name. Linked into the plugin loaded by `clang-tidy --load` and into
// the standalone tools that run clang-tidy in-process.
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

#include "foreign-overload/ForeignOverloadCheck.h"
#include "generic-copy/GenericCopyCheck.h"
#include "greedy-constructor/GreedyConstructorCheck.h"
#include "hijacked-call/HijackedCallCheck.h"
#include "implicit-conversion/ImplicitConversionCheck.h"
#include "implicit-device-transfer/ImplicitDeviceTransferCheck.h"
#include "unconstrained-operator/UnconstrainedOperatorCheck.h"

namespace dispatch {

class DispatchModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<ForeignOverloadCheck>("dispatch-foreign-overload");
    Factories.registerCheck<GenericCopyCheck>("dispatch-generic-copy");
    Factories.registerCheck<GreedyConstructorCheck>("dispatch-greedy-constructor");
    Factories.registerCheck<HijackedCallCheck>("dispatch-hijacked-call");
    Factories.registerCheck<ImplicitConversionCheck>("dispatch-implicit-conversion");
    Factories.registerCheck<ImplicitDeviceTransferCheck>("dispatch-implicit-device-transfer");
    Factories.registerCheck<UnconstrainedOperatorCheck>("dispatch-unconstrained-operator");
  }
};

} // namespace dispatch

static clang::tidy::ClangTidyModuleRegistry::Add<dispatch::DispatchModule>
    X("dispatch-module", "Checks for declarations that widen overload resolution.");

// Referenced by tools that link the module statically, so the linker keeps the
// registration above.
volatile int DispatchModuleAnchorSource = 0;
