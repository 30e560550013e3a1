#include "dispatch/SemaAccess.h"

#include "clang/Lex/Preprocessor.h"
#include "clang/Parse/Parser.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"

namespace dispatch {

using namespace clang;

static llvm::DenseMap<ASTContext *, Sema *> &registered() {
  thread_local llvm::DenseMap<ASTContext *, Sema *> Map;
  return Map;
}

ScopedSemaRegistration::ScopedSemaRegistration(Sema &S) : Ctx(&S.getASTContext()) {
  auto &Map = registered();
  auto It = Map.find(Ctx);
  Previous = It == Map.end() ? nullptr : It->second;
  Map[Ctx] = &S;
}

ScopedSemaRegistration::~ScopedSemaRegistration() {
  if (Previous)
    registered()[Ctx] = Previous;
  else
    registered().erase(Ctx);
}

Sema *semaFor(ASTContext &Ctx, Preprocessor *PP) {
  auto &Map = registered();
  auto It = Map.find(&Ctx);
  if (It != Map.end())
    return It->second;
  if (!PP)
    return nullptr;
  CodeCompletionHandler *Handler = PP->getCodeCompletionHandler();
  if (!Handler)
    return nullptr;
  // Only Parser installs itself as the handler of a normal compile (see the
  // header); its preprocessor and its Sema's context must be this TU's.
  auto *P = static_cast<Parser *>(Handler);
  if (&P->getPreprocessor() != PP)
    return nullptr;
  Sema &S = P->getActions();
  if (&S.getASTContext() != &Ctx || &S.getPreprocessor() != PP)
    return nullptr;
  return &S;
}

} // namespace dispatch
