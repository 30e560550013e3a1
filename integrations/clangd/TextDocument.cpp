#include "TextDocument.h"

#include <algorithm>

namespace dispatch::clangd {

// UTF-16 code units of the UTF-8 sequence starting with byte C.
static unsigned utf16Units(unsigned char C) { return C >= 0xF0 ? 2 : 1; }
static bool isContinuation(unsigned char C) { return (C & 0xC0) == 0x80; }

nlohmann::json TextDocument::rangeOf(const std::string &Text, size_t Begin, size_t End) {
  Position S = positionOf(Text, Begin), E = positionOf(Text, End);
  return {{"start", {{"line", S.Line}, {"character", S.Character}}},
          {"end", {{"line", E.Line}, {"character", E.Character}}}};
}

Position TextDocument::positionOf(const std::string &Text, size_t Offset) {
  Offset = std::min(Offset, Text.size());
  Position P;
  size_t LineStart = 0;
  for (size_t I = 0; I < Offset; ++I)
    if (Text[I] == '\n') {
      ++P.Line;
      LineStart = I + 1;
    }
  for (size_t I = LineStart; I < Offset; ++I)
    if (!isContinuation(static_cast<unsigned char>(Text[I])))
      P.Character += utf16Units(static_cast<unsigned char>(Text[I]));
  return P;
}

size_t TextDocument::offsetOf(const std::string &Text, Position P) {
  size_t I = 0;
  for (unsigned L = 0; L < P.Line; ++L) {
    size_t Nl = Text.find('\n', I);
    if (Nl == std::string::npos)
      return Text.size();
    I = Nl + 1;
  }
  unsigned Units = 0;
  while (I < Text.size() && Text[I] != '\n' && Units < P.Character) {
    Units += utf16Units(static_cast<unsigned char>(Text[I]));
    ++I;
    while (I < Text.size() && isContinuation(static_cast<unsigned char>(Text[I])))
      ++I;
  }
  return I;
}

void TextDocument::applyChanges(const nlohmann::json &Changes) {
  for (const auto &C : Changes) {
    if (!C.contains("range")) {
      Text = C.value("text", "");
      continue;
    }
    const auto &R = C["range"];
    Position S{R["start"].value("line", 0u), R["start"].value("character", 0u)};
    Position E{R["end"].value("line", 0u), R["end"].value("character", 0u)};
    size_t From = offsetOf(Text, S), To = std::max(From, offsetOf(Text, E));
    Text.replace(From, To - From, C.value("text", ""));
  }
}

static int hexValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return -1;
}

std::string pathFromUri(const std::string &Uri) {
  if (Uri.rfind("file://", 0) != 0)
    return "";
  std::string Out;
  for (size_t I = 7; I < Uri.size(); ++I) {
    if (Uri[I] == '%' && I + 2 < Uri.size() && hexValue(Uri[I + 1]) >= 0 &&
        hexValue(Uri[I + 2]) >= 0) {
      Out += char(hexValue(Uri[I + 1]) * 16 + hexValue(Uri[I + 2]));
      I += 2;
    } else {
      Out += Uri[I];
    }
  }
  return Out;
}

std::string uriFromPath(const std::string &Path) {
  static const char *Hex = "0123456789ABCDEF";
  std::string Out = "file://";
  for (unsigned char C : Path) {
    if (isalnum(C) || C == '/' || C == '-' || C == '_' || C == '.' || C == '~')
      Out += char(C);
    else {
      Out += '%';
      Out += Hex[C >> 4];
      Out += Hex[C & 15];
    }
  }
  return Out;
}

} // namespace dispatch::clangd
