// The hook through which a check tells a project-wide tool (dispatch-scan)
// which declaration a warning is about. clang-tidy's diagnostics carry a
// location and a message only; the scan needs the declaration itself (its USR,
// its uses, its callers). The plugin installs no observer.
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class NamedDecl;
}

namespace dispatch {

class WideningObserver {
public:
  virtual ~WideningObserver() = default;
  /// Check `Check` warned at `WarningLoc` about the widening declaration `D`
  /// (for call-site warnings: the declaration the call was taken by).
  virtual void widening(llvm::StringRef Check, const clang::NamedDecl *D,
                        clang::SourceLocation WarningLoc) = 0;
};

} // namespace dispatch
