#include "CheckRegistry.h"

#include "CheckRegistryData.inc"

#include "llvm/Support/ErrorHandling.h"

#include <nlohmann/json.hpp>

namespace dispatch {

using nlohmann::json;

namespace {

struct Registry {
  std::vector<RegisteredCheck> Checks;
  std::vector<RegisteredOption> Global;
};

std::vector<std::string> strings(const json &J, const char *Key) {
  std::vector<std::string> Out;
  if (J.contains(Key))
    for (const json &S : J[Key])
      Out.push_back(S.get<std::string>());
  return Out;
}

RegisteredOption option(const json &J) {
  RegisteredOption O;
  O.Name = J.at("name").get<std::string>();
  O.Type = J.value("type", "string");
  O.Values = strings(J, "values");
  return O;
}

const Registry &registry() {
  static const Registry R = [] {
    // The registry is validated at build time (rules/CMakeLists.txt reads
    // it) and by ctest registry_consistent; a parse failure is a broken build.
    json J = json::parse(registry_files::checks_json, nullptr, /*allow_exceptions=*/false);
    if (J.is_discarded())
      llvm::report_fatal_error("dispatch-tidy: the built-in rules/checks.json does not parse");
    Registry Out;
    for (const json &O : J.at("globalOptions"))
      Out.Global.push_back(option(O));
    for (const json &C : J.at("checks")) {
      RegisteredCheck Check;
      Check.Name = C.at("name").get<std::string>();
      Check.Class = C.at("class").get<std::string>();
      Check.Folder = C.at("folder").get<std::string>();
      for (const json &O : C.at("options"))
        Check.Options.push_back(option(O));
      Check.Claims = strings(C, "claims");
      Check.Defers = strings(C, "defers");
      Out.Checks.push_back(std::move(Check));
    }
    return Out;
  }();
  return R;
}

} // namespace

const std::vector<RegisteredCheck> &registeredChecks() { return registry().Checks; }
const std::vector<RegisteredOption> &globalOptions() { return registry().Global; }

const RegisteredCheck *findRegisteredCheck(llvm::StringRef Name) {
  for (const RegisteredCheck &C : registeredChecks())
    if (C.Name == Name)
      return &C;
  return nullptr;
}

bool isKnownOption(const RegisteredCheck &Check, llvm::StringRef Option) {
  for (const RegisteredOption &O : Check.Options)
    if (O.Name == Option)
      return true;
  // Global options are read with getLocalOrGlobal: `<check>.SourceRoots` too.
  for (const RegisteredOption &O : globalOptions())
    if (O.Name == Option)
      return true;
  return false;
}

std::string closestOption(const RegisteredCheck &Check, llvm::StringRef Option) {
  std::string Best;
  unsigned BestDistance = 4; // suggest only near misses
  auto Consider = [&](const RegisteredOption &O) {
    unsigned D = Option.edit_distance(O.Name, /*AllowReplacements=*/true, BestDistance);
    if (D < BestDistance) {
      BestDistance = D;
      Best = O.Name;
    }
  };
  for (const RegisteredOption &O : Check.Options)
    Consider(O);
  for (const RegisteredOption &O : globalOptions())
    Consider(O);
  return Best;
}

} // namespace dispatch
