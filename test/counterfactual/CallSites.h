// Every call site clang resolved, outside system headers, template
// instantiations included: what each call, operator, construction and
// implicit user-defined conversion resolved to.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace resolve {

class CallCollector : public clang::RecursiveASTVisitor<CallCollector> {
public:
  explicit CallCollector(clang::ASTContext &Ctx) : SM(Ctx.getSourceManager()) {}

  // Instantiations are where dependent calls get resolved; implicit code
  // holds the semantic form of C++20 rewritten comparisons and range-for's
  // begin()/end().
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(clang::Decl *D);
  bool VisitCallExpr(clang::CallExpr *E);
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *E);
  bool VisitCastExpr(clang::CastExpr *E);
  bool VisitCXXRewrittenBinaryOperator(clang::CXXRewrittenBinaryOperator *E);
  // Built-in operators chosen by overload resolution (an operand of class or
  // enumeration type): what an operator call becomes when the template that
  // won it is deleted and `Fill::operator float()` or an enum's promotion
  // makes the built-in candidate the best.
  bool VisitBinaryOperator(clang::BinaryOperator *E);
  bool VisitUnaryOperator(clang::UnaryOperator *E);
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *E);

  nlohmann::json take() { return std::move(Calls); }

private:
  struct Site {
    Site(const char *Kind, clang::SourceLocation Begin, clang::SourceLocation Loc,
         clang::SourceLocation Name = {})
        : Kind(Kind), Begin(Begin), Loc(Loc), Name(Name) {}
    const char *Kind;
    clang::SourceLocation Begin, Loc, Name;
    // A rewritten comparison's synthesised call starts at its first operand,
    // the right-hand one when reversed (`3 == id` as `id == 3`).
    clang::SourceLocation SemanticBegin;
    bool Explicit = false;   // an explicit cast's conversion
    bool Rewritten = false;  // `a != b` as `!(a == b)`, `a < b` via `<=>`
    bool RewrittenInner = false; // the `==`/`<=>` overload resolution chose for it
    std::vector<const clang::Expr *> Args; // where an argument's conversion error would be
  };
  void record(const clang::Expr *E, const Site &S, const clang::FunctionDecl *Callee);
  void record(const clang::Expr *E, const Site &S, nlohmann::json Callee);
  void recordBuiltin(const clang::Expr *E, clang::SourceLocation OpLoc, llvm::StringRef Spelling,
                     llvm::ArrayRef<const clang::Expr *> Operands);
  nlohmann::json callee(const clang::FunctionDecl *FD) const;
  std::string context() const;

  const clang::SourceManager &SM;
  nlohmann::json Calls = nlohmann::json::array();
  // An expression may be reached twice (the syntactic and the semantic form
  // of an initializer list); the call inside a conversion is the conversion.
  llvm::DenseSet<const clang::Expr *> Seen;
  // Inner operator call of a rewritten comparison -> the comparison as written.
  llvm::DenseMap<const clang::Expr *, const clang::CXXRewrittenBinaryOperator *> Rewrites;
  std::vector<const clang::FunctionDecl *> Enclosing;
  unsigned InstantiationDepth = 0;
  unsigned ImplicitDepth = 0;
};

} // namespace resolve
