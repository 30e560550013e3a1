// Source edits that constrain templates: the text of a C++20 requires-clause
// or a C++17 enable_if parameter, and the include those need.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace dispatch {

/// Edits that stop a template from accepting Excluded (a class) or anything
/// derived from it through the function parameter named by ParamIndex's
/// template type parameter. C++20: `requires (...)` after the template
/// parameter list; C++17: a defaulted `std::enable_if_t<...>` template
/// parameter; older: none. A pack is excluded only when it has exactly one
/// element. Empty when the template head is in a macro.
std::vector<clang::FixItHint> excludeClassFix(const clang::FunctionTemplateDecl *FTD,
                                              const clang::TemplateTypeParmType *Param,
                                              bool ParamIsPack,
                                              llvm::ArrayRef<std::string> ExcludedClasses,
                                              const clang::ASTContext &Ctx);

/// Whether Name (e.g. "remove_cvref_t") is declared in namespace std (or an
/// inline namespace of it) in this translation unit: then a fix using it
/// needs no new #include.
bool isDeclaredInStd(llvm::StringRef Name, const clang::ASTContext &Ctx);

} // namespace dispatch
