// Reaching the Sema that built an ASTContext, so that the overload oracle
// can ask clang's own overload resolution.
//
// Tools that run their own frontend action (dispatch-scan, dispatch-clangd,
// through the driver's TuRunner) register the CompilerInstance's Sema for the
// duration of the checks. Inside clang-tidy a check is handed no Sema; but
// clang-tidy runs the matchers from HandleTranslationUnit, which ParseAST calls
// while its Parser is still alive — and the Parser is the preprocessor's
// code-completion handler for exactly that long (Parser's constructor sets it,
// its destructor clears it; nothing else in clang sets one for a normal
// compile). The Parser owns the Sema (Parser::getActions()). The pointer is
// used only when it checks out: its preprocessor is this TU's, its Sema's
// ASTContext is this one. Anywhere else (clangd's own clang-tidy integration
// runs the matchers after parsing, when the handler is gone) there is no Sema
// and the checks fall back to their AST model.
#pragma once

#include "clang/AST/ASTContext.h"

namespace clang {
class Preprocessor;
class Sema;
} // namespace clang

namespace dispatch {

/// The live Sema of Ctx: the one registered for it on this thread, or the
/// one PP's live Parser owns; null when neither is there.
clang::Sema *semaFor(clang::ASTContext &Ctx, clang::Preprocessor *PP);

/// Makes S the Sema of its ASTContext on this thread while it lives.
class ScopedSemaRegistration {
public:
  explicit ScopedSemaRegistration(clang::Sema &S);
  ~ScopedSemaRegistration();
  ScopedSemaRegistration(const ScopedSemaRegistration &) = delete;
  ScopedSemaRegistration &operator=(const ScopedSemaRegistration &) = delete;

private:
  clang::ASTContext *Ctx;
  clang::Sema *Previous;
};

} // namespace dispatch
