// The check registry (rules/checks.json) as the checks see it at run time:
// each check's options, and which check owns a kind of finding when two
// checks could report the same declaration. Built in at build time.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace dispatch {

struct RegisteredOption {
  std::string Name;
  std::string Type; ///< bool, enum, list, string
  std::vector<std::string> Values; ///< an enum's spellings
};

struct RegisteredCheck {
  std::string Name, Class, Folder;
  std::vector<RegisteredOption> Options;
  /// Kinds of finding this check reports ("device-transfer"), and those it
  /// leaves to another enabled check that claims them.
  std::vector<std::string> Claims, Defers;
};

const std::vector<RegisteredCheck> &registeredChecks();
/// Options every check reads, globally or under its own name (SourceRoots, ...).
const std::vector<RegisteredOption> &globalOptions();
const RegisteredCheck *findRegisteredCheck(llvm::StringRef Name);

/// Whether Option is a known option of Check (its own or a global one).
bool isKnownOption(const RegisteredCheck &Check, llvm::StringRef Option);
/// The known option of Check closest to a misspelt one, or empty.
std::string closestOption(const RegisteredCheck &Check, llvm::StringRef Option);

} // namespace dispatch
