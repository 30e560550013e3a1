// Shared vocabulary of dispatch-resolve: source locations as JSON, stable
// keys for declarations, printed signatures, and the written declaration a
// resolved callee comes from. Kept apart from the visitors so that calls and
// declarations are described in exactly the same terms (the harness joins
// them on `key`).
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

#include <nlohmann/json.hpp>

#include <string>

namespace resolve {

// {file, line, col, offset} of the expansion location, or null when the
// location is invalid. The file is absolute with `.`/`..` removed, so that
// the harness can compare it with paths it built itself.
nlohmann::json locationJson(const clang::SourceManager &SM, clang::SourceLocation Loc);

// Absolute, dot-free path of the file holding Loc's expansion ("" if none).
std::string fileOf(const clang::SourceManager &SM, clang::SourceLocation Loc);

// "FILE:OFFSET" of a declaration's name, plus "#SIGNATURE" for implicit
// declarations (an implicit copy and move constructor share the class's
// location). Unchanged by a counterfactual compile, because the harness
// blanks deleted text instead of removing it.
std::string declKey(const clang::FunctionDecl *FD);

// Qualified name as written (`ns::W::operator T` for a conversion template).
std::string qualifiedName(const clang::FunctionDecl *FD);

// `ns::f<int>(const int &) const`: qualified name with template arguments,
// parameter types as clang prints them, method qualifiers.
std::string signature(const clang::FunctionDecl *FD);

// The declaration a call's callee was written as: the pattern of a function
// template specialisation, the member of the class template for a member of
// an instantiation, the declaration itself otherwise. Canonical (first)
// redeclaration.
const clang::FunctionDecl *writtenDeclaration(const clang::FunctionDecl *FD);

// The primary template, as written (followed back through member templates of
// class template instantiations), when FD is a specialisation of a function
// template; null otherwise.
const clang::FunctionTemplateDecl *writtenTemplate(const clang::FunctionDecl *FD);

// Name locations of every redeclaration of D.
nlohmann::json redeclarationLocations(const clang::FunctionDecl *D);

bool inSystemHeader(const clang::SourceManager &SM, clang::SourceLocation Loc);

} // namespace resolve
