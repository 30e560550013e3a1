// Facts about types that the classification needs: which types are
// "ubiquitous" (a conversion to or from them touches half the overload sets of
// a program), associated namespaces for ADL, device/host containers.
#pragma once

#include "dispatch/Knowledge.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

#include <string>
#include <vector>

namespace dispatch {

/// One step of every walk over a type's structure: calls Visit on each type a
/// canonical type is directly built from (the pointee of a pointer or
/// reference, a member pointer's pointee and class, the element of an array,
/// complex, vector or atomic type, a function's return and parameter types)
/// until Visit returns true. Returns whether one did, or std::nullopt when Ty
/// is not built from other types (builtin, class, enum, template parameter,
/// ...): what those mean is the caller's business.
std::optional<bool> anyComponentType(const clang::Type *Ty,
                                     llvm::function_ref<bool(clang::QualType)> Visit);

/// Why T is ubiquitous ("bool", "an arithmetic type", "a raw pointer", or a
/// reason from the knowledge files: "std::string", "a standard container",
/// "a device pointer"), or an empty string when it is not. References and
/// cv-qualifiers are looked through.
std::string ubiquityOf(clang::QualType T, const Knowledge &K = Knowledge::builtin());

/// The qualified name of the class (or class template) T names, after
/// stripping references, cv and sugar: "std::vector", "gnn::Tensor". Empty for
/// non-class types.
std::string qualifiedClassName(clang::QualType T);

/// True when `qualifiedClassName(T)` is one of Names. Entries may name a
/// class template ("thrust::device_vector") or a class.
bool isClassNamed(clang::QualType T, const std::vector<std::string> &Names);

/// The namespaces argument-dependent lookup searches for an argument of type
/// T (C++ [basic.lookup.argdep]): enclosing namespaces of classes, their bases
/// and template arguments, of enums, through pointers, references, arrays and
/// function types. Inline namespaces add their enclosing namespace.
void collectAssociatedNamespaces(clang::QualType T,
                                 llvm::SmallPtrSetImpl<const clang::DeclContext *> &Out);

/// The innermost enclosing namespace (or the translation unit) of D.
const clang::DeclContext *enclosingNamespace(const clang::Decl *D);

/// Whether Derived is a class strictly derived from Base (both canonical,
/// references and cv stripped).
bool isDerivedFrom(clang::QualType Derived, clang::QualType Base);

/// Whether an argument of another type can become an RD implicitly: a
/// non-explicit constructor (or constructor template) other than copy and
/// move callable with one argument. Conversion operators of other classes
/// are not seen from here.
bool isImplicitlyConstructibleFromOtherTypes(const clang::CXXRecordDecl *RD);

/// T with references and top-level cv removed, canonical.
clang::QualType bareType(clang::QualType T);

/// Whether T, as written at a use in an instantiation, is a template
/// parameter substituted by its argument (`ElementType &` of
/// `Packed128<floatX>::operator[]`), looking through references, cv and
/// typedefs: the use's type is whatever the instantiation's argument is.
bool isSubstitutedTemplateParameter(clang::QualType T);

/// For `obj[i]` or `obj.f()` whose result type is a template parameter of
/// obj's class template (`ElementType &` of `Packed128<floatX>::operator[]`):
/// that parameter's argument as obj's type spells it (`floatX` for an obj
/// declared `x128`, a typedef of `Packed128<floatX>`); null when E is no such
/// call or obj's written type does not name the argument.
clang::QualType writtenArgumentOfResult(const clang::Expr *E);

/// A type name for source text: fully qualified, keeping typedef sugar
/// (`std::string`, not `std::basic_string<char>`), without cv or references.
std::string spellType(clang::QualType T, const clang::ASTContext &Ctx);

/// The same name as code in UseContext needs it: the namespace qualifiers
/// that lookup from there makes redundant are dropped (`Scale` inside
/// `gnn::cuda`, `cuda::Scale` inside `gnn`), and a name hidden there starts
/// at `::`. Lookup follows scopes as written, not using-directives, and a
/// later declaration of the name counts too: either only ever keeps a
/// qualifier. (tooling::replaceNestedName is not this: it assumes a
/// using-declaration outside the namespace.)
std::string spellTypeAt(clang::QualType T, const clang::DeclContext *UseContext,
                        const clang::ASTContext &Ctx);

} // namespace dispatch
