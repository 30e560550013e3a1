#include "dispatch/Knowledge.h"

#include "KnowledgeFiles.inc"

#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

namespace dispatch {

using nlohmann::json;

static llvm::Error invalid(llvm::StringRef Origin, const std::string &What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s", Origin.str().c_str(),
                                 What.c_str());
}

/// Appends J[Key] (a list of strings) to Out; absent keys add nothing.
static llvm::Error appendStrings(const json &J, const char *Key, std::vector<std::string> &Out,
                                 llvm::StringRef Origin) {
  auto It = J.find(Key);
  if (It == J.end())
    return llvm::Error::success();
  if (!It->is_array())
    return invalid(Origin, std::string("'") + Key + "' must be a list of strings");
  for (const json &S : *It) {
    if (!S.is_string())
      return invalid(Origin, std::string("'") + Key + "' must be a list of strings");
    std::string V = S.get<std::string>();
    if (std::find(Out.begin(), Out.end(), V) == Out.end())
      Out.push_back(std::move(V));
  }
  return llvm::Error::success();
}

llvm::Error Knowledge::merge(llvm::StringRef Text, llvm::StringRef Origin) {
  json J = json::parse(Text.begin(), Text.end(), nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object())
    return invalid(Origin, "not a JSON object");
  if (J.value("version", 1) != 1)
    return invalid(Origin, "unsupported version (this dispatch-tidy reads version 1)");
  if (auto U = J.find("ubiquitous"); U != J.end()) {
    if (!U->is_object())
      return invalid(Origin, "'ubiquitous' must map a reason to a list of class names");
    for (const auto &[Why, Names] : U->items()) {
      auto Slot = std::find_if(Ubiquitous.begin(), Ubiquitous.end(),
                               [&](const auto &P) { return P.first == Why; });
      if (Slot == Ubiquitous.end())
        Slot = Ubiquitous.insert(Ubiquitous.end(), {Why, {}});
      if (llvm::Error E = appendStrings(*U, Why.c_str(), Slot->second, Origin))
        return E;
    }
  }
  for (auto [Key, List] : {std::pair{"deviceTypes", &DeviceTypes},
                           {"hostTypes", &HostTypes},
                           {"transferFunctions", &TransferFunctions},
                           {"deviceAllocationFunctions", &DeviceAllocationFunctions},
                           {"thirdPartyDirs", &ThirdPartyDirs},
                           {"thirdPartyMarkers", &ThirdPartyMarkers},
                           {"buildTreeMarkers", &BuildTreeMarkers},
                           {"copyrightStopWords", &CopyrightStopWords},
                           {"auxiliaryDirs", &AuxiliaryDirs},
                           {"internalNamespaces", &InternalNamespaces}})
    if (llvm::Error E = appendStrings(J, Key, *List, Origin))
      return E;
  if (auto C = J.find("copyingContainers"); C != J.end()) {
    if (!C->is_object())
      return invalid(Origin, "'copyingContainers' must have 'containers' and 'from'");
    if (llvm::Error E = appendStrings(*C, "containers", CopyingContainers, Origin))
      return E;
    if (llvm::Error E = appendStrings(*C, "from", CopyingFrom, Origin))
      return E;
  }
  if (auto R = J.find("reducedPrecision"); R != J.end()) {
    if (!R->is_array())
      return invalid(Origin, "'reducedPrecision' must be a list of {type, toFloat, fromFloat}");
    for (const json &T : *R) {
      if (!T.is_object() || !T.contains("type") || !T["type"].is_string())
        return invalid(Origin, "each 'reducedPrecision' entry needs a 'type'");
      ReducedPrecisionType P{T["type"].get<std::string>(), T.value("toFloat", ""),
                             T.value("fromFloat", ""), T.value("format", "")};
      if (!P.Format.empty() && P.Format != "ieee-half" && P.Format != "bfloat16")
        return invalid(Origin, "'format' of '" + P.Type + "' must be \"ieee-half\" or \"bfloat16\"");
      if (!reducedPrecision(P.Type))
        ReducedPrecision.push_back(std::move(P));
    }
  }
  return llvm::Error::success();
}

const Knowledge &Knowledge::builtin() {
  static const Knowledge K = [] {
    Knowledge Out;
    for (const auto &[Name, Text] : knowledge_files::Files)
      // The built-in files are tested (KnowledgeTest); a failure here is a
      // build of broken data, which must not go unnoticed.
      if (llvm::Error E = Out.merge(Text, Name))
        llvm::report_fatal_error(std::move(E));
    return Out;
  }();
  return K;
}

llvm::Expected<Knowledge> Knowledge::withFiles(llvm::ArrayRef<std::string> Paths) {
  Knowledge Out = builtin();
  for (const std::string &P : Paths) {
    auto Buf = llvm::MemoryBuffer::getFile(P);
    if (!Buf)
      return invalid(P, "cannot read: " + Buf.getError().message());
    if (llvm::Error E = Out.merge((*Buf)->getBuffer(), P))
      return std::move(E);
  }
  return Out;
}

const ReducedPrecisionType *Knowledge::reducedPrecision(llvm::StringRef Type) const {
  for (const ReducedPrecisionType &T : ReducedPrecision)
    if (T.Type == Type)
      return &T;
  return nullptr;
}

} // namespace dispatch
