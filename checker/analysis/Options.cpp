#include "dispatch/Options.h"

#include "llvm/Support/Regex.h"

namespace dispatch {

std::vector<std::string> splitList(llvm::StringRef Value) {
  std::vector<std::string> Out;
  size_t Start = 0;
  for (size_t I = 0; I <= Value.size(); ++I) {
    if (I == Value.size() || Value[I] == ';' || Value[I] == ',') {
      llvm::StringRef Item = Value.slice(Start, I).trim();
      if (!Item.empty())
        Out.push_back(Item.str());
      Start = I + 1;
    }
  }
  return Out;
}

std::string joinList(const std::vector<std::string> &Items) {
  std::string Out;
  for (const std::string &Item : Items) {
    if (!Out.empty())
      Out += ';';
    Out += Item;
  }
  return Out;
}

std::optional<bool> parseBool(llvm::StringRef V) {
  if (V.equals_insensitive("true") || V == "1" || V.equals_insensitive("on"))
    return true;
  if (V.equals_insensitive("false") || V == "0" || V.equals_insensitive("off"))
    return false;
  return std::nullopt;
}

std::string regexError(llvm::StringRef Pattern) {
  std::string Error;
  if (llvm::Regex(Pattern).isValid(Error))
    return "";
  return Error.empty() ? "invalid" : Error;
}

} // namespace dispatch
