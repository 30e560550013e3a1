#include "dispatch/Finding.h"

namespace dispatch {

const char *wideningKindName(WideningKind K) {
  switch (K) {
  case WideningKind::ImplicitConversion:
    return "implicit-conversion";
  case WideningKind::GreedyConstructor:
    return "greedy-constructor";
  case WideningKind::UnconstrainedTemplate:
    return "unconstrained-template";
  case WideningKind::GenericCopy:
    return "generic-copy";
  case WideningKind::ForeignOverload:
    return "foreign-overload";
  case WideningKind::StdAddition:
    return "std-addition";
  case WideningKind::HijackedCall:
    return "hijacked-call";
  case WideningKind::DeviceTransfer:
    return "device-transfer";
  case WideningKind::ReducedPrecision:
    return "reduced-precision";
  }
  return "unknown";
}

const char *noteRoleName(NoteRole R) {
  switch (R) {
  case NoteRole::Context:
    return "context";
  case NoteRole::ImplicitUse:
    return "implicit-use";
  case NoteRole::WonCall:
    return "won-call";
  case NoteRole::WouldResolveTo:
    return "would-resolve-to";
  case NoteRole::TemplateDecl:
    return "template";
  case NoteRole::NoFix:
    return "no-fix";
  case NoteRole::OverloadSet:
    return "overload-set";
  }
  return "context";
}

std::optional<WideningKind> wideningKindFromName(llvm::StringRef Name) {
  for (int K = 0; K <= int(WideningKind::ReducedPrecision); ++K)
    if (Name == wideningKindName(WideningKind(K)))
      return WideningKind(K);
  return std::nullopt;
}

std::optional<NoteRole> noteRoleFromName(llvm::StringRef Name) {
  for (int R = 0; R <= int(NoteRole::OverloadSet); ++R)
    if (Name == noteRoleName(NoteRole(R)))
      return NoteRole(R);
  return std::nullopt;
}

std::string fixTitle(llvm::StringRef Action, unsigned Rewrites) {
  std::string T = Action.str();
  if (Rewrites)
    T += " and rewrite " + std::to_string(Rewrites) + (Rewrites == 1 ? " use" : " uses");
  return T;
}

} // namespace dispatch
