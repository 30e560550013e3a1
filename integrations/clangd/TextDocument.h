// An open editor buffer: its text, version, and the conversions between
// byte offsets (Clang) and LSP positions (line, UTF-16 code unit).
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace dispatch::clangd {

struct Position {
  unsigned Line = 0, Character = 0;
};

class TextDocument {
public:
  std::string Uri, Path, LanguageId, Text;
  long Version = 0;

  /// Applies a `contentChanges` array (full text or ranged edits).
  void applyChanges(const nlohmann::json &Changes);

  static Position positionOf(const std::string &Text, size_t Offset);
  static size_t offsetOf(const std::string &Text, Position P);
  /// The LSP Range of the bytes [Begin, End) of Text.
  static nlohmann::json rangeOf(const std::string &Text, size_t Begin, size_t End);
};

/// file:///a/b → /a/b (percent-decoded); empty for other schemes.
std::string pathFromUri(const std::string &Uri);
std::string uriFromPath(const std::string &Path);

} // namespace dispatch::clangd
