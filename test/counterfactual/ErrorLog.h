// Compile errors of the translation unit, with their notes, classified the
// way the harness needs them: did overload resolution end ambiguous, with no
// viable function, or on a deleted one, or is it some other error?
#pragma once

#include "clang/Basic/Diagnostic.h"

#include <nlohmann/json.hpp>

namespace resolve {

class ErrorLog : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;
  nlohmann::json take() { return std::move(Errors); }

private:
  nlohmann::json Errors = nlohmann::json::array();
  bool AfterError = false; // notes belong to the error before them
};

} // namespace resolve
