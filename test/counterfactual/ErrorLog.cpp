#include "ErrorLog.h"
#include "dispatch/LLVMCompat.h"
#include "Locations.h"

#include "clang/Basic/DiagnosticSema.h"
#include "llvm/ADT/SmallString.h"

namespace resolve {

using namespace clang;
using nlohmann::json;

namespace {
struct Known {
  unsigned ID;
  const char *Name;
  const char *Kind;
};
} // namespace

#define KNOWN(Name, Kind) {diag::Name, #Name, Kind}
// Outcomes of overload resolution that a counterfactual compile may
// legitimately end in. "no-viable" includes the case where removing the
// declaration left no candidate at all (an undeclared name).
static const Known KnownErrors[] = {
    KNOWN(err_ovl_ambiguous_call, "ambiguous"),
    KNOWN(err_ovl_ambiguous_member_call, "ambiguous"),
    KNOWN(err_ovl_ambiguous_oper_binary, "ambiguous"),
    KNOWN(err_ovl_ambiguous_oper_unary, "ambiguous"),
    KNOWN(err_ovl_ambiguous_init, "ambiguous"),
    KNOWN(err_ovl_ambiguous_object_call, "ambiguous"),
    KNOWN(err_ovl_ambiguous_subscript_call, "ambiguous"),
    KNOWN(err_ovl_ambiguous_conversion_in_cast, "ambiguous"),
    KNOWN(err_typecheck_ambiguous_condition, "ambiguous"),
    KNOWN(err_ovl_no_viable_function_in_call, "no-viable"),
    KNOWN(err_ovl_no_viable_member_function_in_call, "no-viable"),
    KNOWN(err_ovl_no_viable_oper, "no-viable"),
    KNOWN(err_ovl_no_viable_function_in_init, "no-viable"),
    KNOWN(err_ovl_no_viable_object_call, "no-viable"),
    KNOWN(err_ovl_no_viable_subscript, "no-viable"),
    KNOWN(err_ovl_no_viable_conversion_in_cast, "no-viable"),
    KNOWN(err_ovl_no_conversion_in_cast, "no-viable"),
    KNOWN(err_typecheck_nonviable_condition, "no-viable"),
    KNOWN(err_typecheck_invalid_operands, "no-viable"),
    KNOWN(err_undeclared_var_use, "no-viable"),
    KNOWN(err_no_member, "no-viable"),
    // The same with typo correction, which then recovers into another name.
    KNOWN(err_undeclared_var_use_suggest, "no-viable"),
    KNOWN(err_no_member_suggest, "no-viable"),
    // One candidate left and it does not take the argument: clang reports the
    // argument's conversion, at the argument (the judge counts it only there).
    KNOWN(err_reference_bind_failed, "argument"),
    KNOWN(err_init_conversion_failed, "argument"),
    KNOWN(err_lvalue_reference_bind_to_temporary, "argument"),
    KNOWN(err_lvalue_reference_bind_to_unrelated, "argument"),
    KNOWN(err_typecheck_convert_incompatible, "argument"),
    KNOWN(err_ovl_deleted_call, "deleted"),
#if DISPATCH_HAS_DIAG_DELETED_MEMBER_CALL
    KNOWN(err_ovl_deleted_member_call, "deleted"),
#endif
    KNOWN(err_ovl_deleted_oper, "deleted"),
    KNOWN(err_ovl_deleted_init, "deleted"),
    KNOWN(err_ovl_deleted_special_init, "deleted"),
};
#undef KNOWN

void ErrorLog::HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info); // keeps the error count
  llvm::SmallString<256> Message;
  Info.FormatDiagnostic(Message);
  json Loc = nullptr;
  if (Info.hasSourceManager())
    Loc = locationJson(Info.getSourceManager(), Info.getLocation());

  if (Level == DiagnosticsEngine::Note) {
    if (AfterError)
      Errors.back()["notes"].push_back({{"loc", Loc}, {"message", Message.str()}});
    return;
  }
  AfterError = Level >= DiagnosticsEngine::Error;
  if (!AfterError)
    return;
  const char *Kind = "other", *Name = "";
  for (const Known &K : KnownErrors)
    if (K.ID == Info.getID()) {
      Kind = K.Kind;
      Name = K.Name;
    }
  Errors.push_back({{"loc", Loc},
                    {"message", Message.str()},
                    {"kind", Kind},
                    {"diag", Name},
                    {"fatal", Level == DiagnosticsEngine::Fatal},
                    {"notes", json::array()}});
}

} // namespace resolve
