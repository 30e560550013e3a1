// Classification of user-defined conversions: which declarations add an
// implicit conversion, how broad it is, and which template constructors are
// "greedy" (accept anything and out-rank copy/move construction).
#pragma once

#include "dispatch/Knowledge.h"

#include "clang/AST/DeclCXX.h"

#include <optional>
#include <string>

namespace dispatch {

/// Breadth of an implicit conversion, widest first. The numeric order is the
/// ranking order used in diagnostics and reports.
enum class ConversionBreadth {
  Templated = 0,  ///< `template<class T> operator T()`, `template<class U> X(const U&)`
  Ubiquitous = 1, ///< to or from bool, arithmetic, raw/device pointers, std::string, std containers
  Ordinary = 2,   ///< between two specific types
  /// `X(const Base<E>&)` where X itself derives from a `Base<...>`: a lazy
  /// expression of the class's own family evaluated into it (Eigen's and
  /// xtensor's containers); the library's design, reported only on request.
  Family = 3
};

const char *breadthLabel(ConversionBreadth B);

struct ImplicitConversion {
  const clang::FunctionDecl *Decl = nullptr; ///< constructor or conversion function as written
  bool IsConstructor = false;
  clang::QualType From; ///< source type (dependent for templated ones)
  clang::QualType To;   ///< target type
  ConversionBreadth Breadth = ConversionBreadth::Ordinary;
  std::string Why; ///< "templated", or ubiquityOf(...) of the ubiquitous side
  /// A greedy constructor template (`U&&`, `U`, `U&`, a pack): also
  /// dispatch-greedy-constructor's finding.
  bool Greedy = false;
  /// A template from (or to) a bare template parameter whose constraints
  /// may exclude everyday types: Templated only if the oracle finds they do
  /// not (isBroadlyUnconstrained); until then ranked by the written type.
  bool Constrained = false;
  /// For a dependent source (constructors) or target (conversion operators):
  /// what it stands for in words, never a template parameter's name —
  /// "any type" / "any pointer type" (templated), "any type its constraint
  /// admits". Empty otherwise.
  std::string OtherDescription;
  /// For a Constrained one: its description should the constraint prove
  /// broad ("any type", "any pointer type").
  std::string Broadly;
  /// A class template's constructor that is the copy or move constructor of
  /// this specialisation (and a conversion in others): `explicit` would
  /// forbid its copy-initialisation there.
  const clang::CXXRecordDecl *CopyConstructorOf = nullptr;
};

/// Non-explicit converting constructors (callable with one argument whose type
/// is not the class itself; not copy/move; greedy templates marked Greedy; not
/// initializer-list constructors, however the list type is spelled; not of an
/// abstract class, to which nothing converts implicitly) and non-explicit
/// conversion functions; never deleted ones, never implicit ones, never those
/// with a conditional `explicit(expr)`. FD must be the declaration as written (not an
/// instantiation).
std::optional<ImplicitConversion>
classifyImplicitConversion(const clang::FunctionDecl *FD,
                           const Knowledge &K = Knowledge::builtin());

/// Why a template constructor is greedy.
enum class GreedyForm { ForwardingRef, ByValue, LvalueRef, Variadic };
const char *greedyFormLabel(GreedyForm F);

/// A constructor template (as written) that is unconstrained, can be called
/// with a single argument, and whose first parameter takes any type by
/// forwarding reference, by value, by non-const lvalue reference, or as a pack.
std::optional<GreedyForm> classifyGreedyConstructor(const clang::CXXConstructorDecl *Ctor);

} // namespace dispatch
