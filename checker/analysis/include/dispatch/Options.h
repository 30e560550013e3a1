// Small helpers for reading clang-tidy CheckOptions values shared by checks.
#pragma once

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace dispatch {

/// Splits a ';' or ',' separated option value, trimming blanks and dropping
/// empty items: "a; b,,c" -> {"a", "b", "c"}.
std::vector<std::string> splitList(llvm::StringRef Value);

/// Joins a list back into the ';'-separated form clang-tidy prints with
/// --dump-config.
std::string joinList(const std::vector<std::string> &Items);

/// A boolean option value: true/on/1 or false/off/0 (any case); nullopt for
/// anything else, which the caller reports.
std::optional<bool> parseBool(llvm::StringRef Value);

/// Why a regular expression option (HeaderFilterRegex) does not compile with
/// llvm::Regex, as clang-tidy compiles it; empty when it does. OGDF's
/// `ogdf/(?!lib/)` (a lookahead) does not, and then matches nothing.
std::string regexError(llvm::StringRef Pattern);

} // namespace dispatch
