// The API differences between the LLVM releases dispatch-tidy builds against
// (Debian 12's 16 and 19), in one place. Everything else in the tree uses
// spellings both releases have (StringRef::starts_with/ends_with,
// SourceManager::getFileEntryRefForID, FileEntryRef::getName, ...); only what
// has no common spelling is here. The clang-tidy pipeline difference (module
// header re-lexing, opt-in since LLVM 17) is DISPATCH_TIDY_RELEXES_MODULE_HEADERS.
#pragma once

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/TemplateDeduction.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/ThreadPool.h"

#if LLVM_VERSION_MAJOR != 16 && LLVM_VERSION_MAJOR != 19
#error "dispatch-tidy builds against LLVM 16 or 19"
#endif
#if defined(DISPATCH_LLVM_VERSION_MAJOR) && DISPATCH_LLVM_VERSION_MAJOR != LLVM_VERSION_MAJOR
#error "DISPATCH_LLVM_VERSION does not match the LLVM headers found"
#endif

/// clang-tidy 16 re-lexes every TU with modules semantics (every -std=c++20
/// TU) through ExpandModularHeadersPPCallbacks; 17 made it opt-in
/// (--enable-module-headers-parsing), off by default.
#define DISPATCH_TIDY_RELEXES_MODULE_HEADERS (LLVM_VERSION_MAJOR < 17)

/// clang 16 has a separate diagnostic for a call to a deleted member
/// function; 19 folds it into err_ovl_deleted_call.
#define DISPATCH_HAS_DIAG_DELETED_MEMBER_CALL (LLVM_VERSION_MAJOR < 19)

namespace dispatch::compat {

/// A pool of worker threads (19 renamed llvm::ThreadPool).
#if LLVM_VERSION_MAJOR >= 19
using ThreadPool = llvm::DefaultThreadPool;
#else
using ThreadPool = llvm::ThreadPool;
#endif

/// The (cv-qualified) class type of an implicit object member function's
/// object: `const S` for `void S::f() const`.
inline clang::QualType thisObjectType(const clang::CXXMethodDecl *M) {
#if LLVM_VERSION_MAJOR >= 19
  return M->getFunctionObjectParameterType();
#else
  return M->getThisObjectType();
#endif
}

/// The default argument of a template type parameter that has one.
inline clang::QualType defaultTypeArgument(const clang::TemplateTypeParmDecl *P) {
#if LLVM_VERSION_MAJOR >= 19
  return P->getDefaultArgument().getArgument().getAsType();
#else
  return P->getDefaultArgument();
#endif
}

/// Whether template argument deduction for a call of T with Args succeeds
/// (no explicit template arguments, no object argument, nothing checked
/// before substitution).
inline bool deducesForCall(clang::Sema &S, clang::FunctionTemplateDecl *T,
                           llvm::ArrayRef<clang::Expr *> Args,
                           clang::sema::TemplateDeductionInfo &Info) {
  clang::FunctionDecl *Specialization = nullptr;
  auto NoCheck = [](llvm::ArrayRef<clang::QualType>) { return false; };
#if LLVM_VERSION_MAJOR >= 19
  // 19 deduces an explicit object parameter (C++23 `this Self &&`) from the
  // object argument, passed apart from the others.
  clang::QualType ObjectType;
  clang::Expr::Classification ObjectClass;
  if (T->getTemplatedDecl()->hasCXXExplicitFunctionObjectParameter()) {
    if (Args.empty())
      return false;
    ObjectType = Args.front()->getType();
    ObjectClass = Args.front()->Classify(S.getASTContext());
    Args = Args.drop_front();
  }
  return S.DeduceTemplateArguments(T, nullptr, Args, Specialization, Info,
                                   /*PartialOverloading=*/false,
                                   /*AggregateDeductionCandidate=*/false, ObjectType,
                                   ObjectClass, NoCheck) ==
         clang::TemplateDeductionResult::Success;
#else
  return S.DeduceTemplateArguments(T, nullptr, Args, Specialization, Info,
                                   /*PartialOverloading=*/false, NoCheck) ==
         clang::Sema::TDK_Success;
#endif
}

/// Whether a conversion function template deduces its arguments from the
/// type converted to ([temp.deduct.conv]).
inline bool deducesConversionTo(clang::Sema &S, clang::FunctionTemplateDecl *T,
                                clang::QualType To,
                                clang::sema::TemplateDeductionInfo &Info) {
  clang::CXXConversionDecl *Specialization = nullptr;
#if LLVM_VERSION_MAJOR >= 19
  // The object matters only to an explicit object parameter (C++23, which
  // clang 16 does not parse); with no object to deduce from, such a
  // conversion template is judged as deducing nothing.
  if (T->getTemplatedDecl()->hasCXXExplicitFunctionObjectParameter())
    return false;
  return S.DeduceTemplateArguments(T, /*ObjectType=*/clang::QualType(),
                                   clang::Expr::Classification(), To, Specialization,
                                   Info) == clang::TemplateDeductionResult::Success;
#else
  return S.DeduceTemplateArguments(T, To, Specialization, Info) == clang::Sema::TDK_Success;
#endif
}

} // namespace dispatch::compat
