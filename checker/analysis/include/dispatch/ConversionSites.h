// Call sites that rely on an implicit user-defined conversion, and the source
// edits that keep them compiling once the conversion becomes `explicit`.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace dispatch {

enum class SiteForm {
  CopyInit,      ///< `T t = x;`, `f(x)`, `return x;`     -> `T(x)`
  CopyListInit,  ///< `T t = {x};`, `f({x})`               -> `T{x}`
  OperatorCall,  ///< conversion function used implicitly -> `static_cast<T>(x)`
  ContextualBool ///< `if (x)`, `!x`, `x && y`: still valid with explicit
};

struct ConversionSite {
  const clang::FunctionDecl *Conversion = nullptr; ///< as written (writtenDecl)
  const clang::Expr *Operand = nullptr;            ///< what is converted, as written
  /// The conversion itself: the CXXConstructExpr, the ImplicitCastExpr of a
  /// conversion function, or the converting assignment's call.
  const clang::Expr *Node = nullptr;
  clang::SourceLocation Loc;                       ///< where to report the site
  std::string TargetSpelling;                      ///< type name for the rewrite
  SiteForm Form = SiteForm::CopyInit;
  /// In a `decltype`/`sizeof`/`noexcept`/requires operand (a detection
  /// probe): nothing is converted at run time, so no use in the impact sense,
  /// and not rewritable (`explicit` would change what the probe answers).
  bool Unevaluated = false;
  /// ", after converting 'double' to 'count'" (before a converting
  /// constructor) or ", then converting 'double' to 'int'" (after a
  /// conversion function) when the site also changes the value's kind with
  /// a standard conversion — floating-point to integer, anything to bool —
  /// so that `x = 0.0` builds `Vector(count)` of size 0; empty otherwise.
  std::string KindChange;
  /// Empty when the site can be rewritten; otherwise why not ("in a macro",
  /// "in a template instantiation", "in a system header").
  std::string NotRewritable;
};

/// A constructor call that is an implicit conversion (no parentheses, braces
/// or type name written at the site), or nullopt.
std::optional<ConversionSite> implicitConstructorSite(const clang::CXXConstructExpr *E,
                                                      clang::ASTContext &Ctx);

/// A conversion-function call inserted by the compiler
/// (`ImplicitCastExpr<UserDefinedConversion>`) where nothing spelled the
/// conversion, or nullopt: the implicit cast clang builds inside `(T)x`,
/// `static_cast<T>(x)` and `T(x)` (part of the explicit cast) is no implicit
/// use.
std::optional<ConversionSite> implicitConversionOperatorSite(const clang::ImplicitCastExpr *E,
                                                             clang::ASTContext &Ctx);

/// An assignment `h = f` that converts its right operand through a
/// converting assignment operator of the left operand's class
/// (`__half::operator=(float)`), or nullopt: the operand is the site,
/// rewritten by wrapping it. Copy and move assignments convert nothing.
std::optional<ConversionSite> implicitAssignmentSite(const clang::CXXOperatorCallExpr *E,
                                                     clang::ASTContext &Ctx);

/// A copy-list-initialisation that converts no one value: from empty braces
/// (`T t = {};`, `return {};`) through a constructor whose parameters all
/// have defaults (it is the default constructor too), or from several values
/// (`return {g, adj};` through OGDF's `GraphAdjIterator(Graph * = nullptr,
/// adjEntry = nullptr)`). No use of the conversion, but making the
/// constructor explicit breaks it: rewritten as `T{...}`. Nullopt for
/// anything else.
std::optional<ConversionSite> bracedConstructionSite(const clang::CXXConstructExpr *E,
                                                     clang::ASTContext &Ctx);

/// `Open` before the site's operand and `)` after it: `T(x)`, `f(x)`.
/// The name of a conversion's target type when no user can name it: a
/// private typedef or class of the converting class (the safe-bool idiom,
/// `operator unspecified_bool_type() const`); empty otherwise.
std::string safeBoolTargetName(const clang::FunctionDecl *D);

std::vector<clang::FixItHint> wrapOperand(const ConversionSite &Site, llvm::StringRef Open,
                                          const clang::ASTContext &Ctx);

/// The edits that make the site explicit; empty for ContextualBool sites.
/// Only meaningful when `Site.NotRewritable` is empty.
std::vector<clang::FixItHint> rewriteSite(const ConversionSite &Site,
                                          const clang::ASTContext &Ctx);

/// The edit that adds `explicit` to a constructor or conversion function, or
/// nullopt when it cannot be placed safely (macro, out-of-line declaration).
std::optional<clang::FixItHint> insertExplicit(const clang::FunctionDecl *FD,
                                               const clang::ASTContext &Ctx);

/// True when the whole range is in editable source text of one file (not a
/// macro expansion, not a system header).
bool isEditableRange(clang::SourceRange R, const clang::SourceManager &SM);

} // namespace dispatch
