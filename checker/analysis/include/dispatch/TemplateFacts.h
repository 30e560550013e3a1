// Facts about function templates: whether a template is constrained at all,
// and which of its parameters accept an argument of any type.
#pragma once

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/SmallVector.h"

namespace dispatch {

/// How one function parameter relates to the template's own type parameters.
enum class ParamForm {
  AnyByValue,    ///< `T`          : any copyable argument
  AnyLvalueRef,  ///< `T&`         : any lvalue (T deduces const for const ones)
  AnyConstRef,   ///< `const T&`   : anything
  AnyForwarding, ///< `T&&`        : anything (a forwarding reference)
  Concrete,      ///< a type that does not depend on the template
  OtherDependent ///< `std::vector<T>`, `Tensor<T, N>&`, ...: pattern-limited
};

struct ParamShape {
  ParamForm Form = ParamForm::Concrete;
  /// The template type parameter a bare form names (null otherwise).
  const clang::TemplateTypeParmType *Param = nullptr;
  bool IsPack = false;
};

/// Classifies parameter P of the function that FTD describes.
ParamShape classifyParam(const clang::ParmVarDecl *P,
                         const clang::FunctionTemplateDecl *FTD);

/// True for the forms that take an argument of every type.
bool acceptsAnyType(ParamForm F);

/// A template with no constraint on what it accepts: no requires-clause, no
/// type-constraint, no SFINAE through `enable_if`-style default template
/// arguments, dependent non-type parameters, `typename T::x` / `decltype(...)`
/// in its signature (a parameter's type, `std::enable_if_t<...> * = nullptr`
/// included; a default argument is not a constraint).
bool isUnconstrainedTemplate(const clang::FunctionTemplateDecl *FTD);

/// The template parameters of the given depth that a type as written names
/// (bit I for the I-th parameter): a function's parameters and return type
/// mention the ones a call deduces or a conversion names.
llvm::SmallBitVector parametersMentionedIn(clang::TypeLoc TL, unsigned Depth);

/// Whether a template parameter has a default argument.
bool hasDefaultArgument(const clang::NamedDecl *Param);

/// Whether a call with one argument can give every template parameter of FTD
/// a value: each is named by the first function parameter's type, has a
/// default, or is a pack (deduced empty). `template <class T> Tensor(Shape,
/// T init = T())` cannot: no call `Tensor(shape)` deduces T.
bool callableWithOneArgument(const clang::FunctionTemplateDecl *FTD);

/// Number of parameters of FTD's function that accept any type.
unsigned countAnyTypeParams(const clang::FunctionTemplateDecl *FTD);

/// True when a call whose arguments are all of types the template was not
/// written for can still be viable: at least one parameter takes any type and
/// every other one is a concrete type (`std::ostream&`). A parameter written
/// as a pattern (`const Quaternion<E>&`) ties the template to that family.
bool acceptsUnrelatedTypes(const clang::FunctionTemplateDecl *FTD);

/// A namespace-scope function template, not a friend, that accepts unrelated
/// types: what ordinary lookup and ADL offer any operand
/// (dispatch-unconstrained-operator's candidates, constraints aside).
bool isFreeTemplateForAnyType(const clang::FunctionTemplateDecl *FTD);

/// The classes that FTD's concrete parameters name, looking through cv,
/// references and pointers (`network<sequential> &`, `const Fill &`): a call
/// can reach the template only with an argument of such a class, of a class
/// derived from it, or of a type that converts to it.
llvm::SmallVector<const clang::CXXRecordDecl *, 2>
concreteClassParams(const clang::FunctionTemplateDecl *FTD);

/// For an instantiation or specialisation, the declaration it was produced
/// from (the pattern as written); otherwise FD itself. Always canonical.
const clang::FunctionDecl *writtenDecl(const clang::FunctionDecl *FD);

/// When D is a function's explicit specialisation (`template <> float
/// lib::scaled<float>(float)`), the declaration every call of it names
/// (canonical: the one deduction created); null otherwise. Its calls run
/// what the project wrote, not the template's pattern.
const clang::FunctionDecl *explicitSpecialisation(const clang::Decl *D);

/// The class DC is, as written: a class template specialisation's pattern, a
/// member class of one as written in the class template. Canonical; null
/// when DC is not a class.
const clang::CXXRecordDecl *writtenClass(const clang::DeclContext *DC);

/// A member template of a class template specialisation as written in the
/// class template (T itself otherwise). Canonical.
const clang::FunctionTemplateDecl *writtenTemplate(const clang::FunctionTemplateDecl *T);

/// For a member function of a class template (or of a partial
/// specialisation) as written, not a member template: its instantiation in
/// each specialisation of the class this TU instantiated. The pattern may be
/// a definition outside the class (vector.tcc's members).
llvm::SmallVector<const clang::FunctionDecl *, 4>
instantiatedMembers(const clang::FunctionDecl *Pattern);

/// The function template FD was instantiated from, if any.
const clang::FunctionTemplateDecl *primaryTemplateOf(const clang::FunctionDecl *FD);

/// Whether code in FD was instantiated from a template (so a source edit at
/// its locations would change every instantiation).
bool isInInstantiation(const clang::Decl *D);

} // namespace dispatch
