// Wording shared by all checks, so that the same declaration is named the same
// way in every diagnostic, note and report.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

#include <string>

namespace dispatch {

/// `'gnn::Tensor::Tensor(const U &)'`-style signature without the quotes:
/// qualified name plus parameter types as written.
std::string signatureOf(const clang::FunctionDecl *FD);

/// " (with T = gnn::Tensor, U = int)" for a function template
/// specialisation; left out: unnamed parameters, empty packs, and defaulted
/// parameters the function's type does not mention (a constraint's `class U =
/// void`). "" when nothing is left, and for anything else.
std::string withTemplateArgumentsOf(const clang::FunctionDecl *Spec);

/// The same without the parameters: `std::sort`, `std::vector::emplace_back`.
std::string scopedNameOf(const clang::FunctionDecl *FD);

/// The unqualified name as written, as a report's "Function Name" column
/// shows it: `operator S` for a conversion template (not the canonical
/// `operator type-parameter-0-0`), `Tensor` for a constructor, `deepcopy`.
std::string nameOf(const clang::NamedDecl *D);

/// The qualified name as a report's rows show it: scopedNameOf for a
/// function (`tcnn::tvec::tvec`, `gnn::Tensor::operator float`, never a
/// constructor named by its class's canonical type), the qualified name of
/// anything else.
std::string qualifiedNameOf(const clang::NamedDecl *D);

/// `file.h:42` using the file name as the compiler saw it.
std::string shortLocation(clang::SourceLocation Loc, const clang::SourceManager &SM);

/// "1 call site" / "3 call sites".
std::string plural(unsigned N, const char *Singular, const char *Plural);

} // namespace dispatch
