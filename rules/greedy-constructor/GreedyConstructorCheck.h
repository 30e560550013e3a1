// dispatch-greedy-constructor: unconstrained template constructors that take
// anything (forwarding reference, by value, non-const reference, pack) and so
// out-rank copy/move construction and every other conversion.
#pragma once

#include "../common/DispatchCheck.h"

#include "dispatch/ConversionFacts.h"
#include "dispatch/ConversionSiteIndex.h"

#include "clang-tidy/utils/IncludeInserter.h"

namespace dispatch {

class GreedyConstructorCheck : public DispatchCheck {
public:
  GreedyConstructorCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;

private:
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit(clang::ASTContext &Ctx) override;
  void resetTranslationUnit() override;
  /// Notes the constructions that are effects of FTD and counts them in F;
  /// false when none is (then, with ExplainNoEffect, notes the spelled
  /// constructions that are none).
  bool noteEffects(Finding &F, const clang::FunctionTemplateDecl *FTD,
                   llvm::ArrayRef<const clang::CXXConstructExpr *> Uses, bool ExplainNoEffect,
                   clang::ASTContext &Ctx);
  bool declaresCtorTemplate(const clang::CXXRecordDecl *RD);
  /// When the template does with a copy or move it takes what the copy
  /// constructor would: NoOp, an empty template of a class with no data and
  /// no bases; ToBases, a class with no data of its own whose template only
  /// hands its argument to bases that have no constructor template (each
  /// base is then copied by its copy constructor).
  enum class CopyLike { No, NoOp, ToBases };
  CopyLike copiesLikeTheCopyConstructor(const clang::FunctionTemplateDecl *FTD,
                                        const clang::CXXRecordDecl *Class);
  /// T is Class, a specialisation of the same template, or derived from it:
  /// a construction from it is a copy or a move.
  static bool isSameOrDerivedClass(clang::QualType T, const clang::CXXRecordDecl *Class);
  /// Notes the copies and moves of the class at which FTD is viable too (a
  /// non-const argument would make it win) and counts them; false when none.
  bool noteCompetition(Finding &F, const clang::FunctionTemplateDecl *FTD, clang::ASTContext &Ctx);

  /// What a copy of a non-const lvalue of the class resolves to.
  struct CopyFact {
    bool Known = false;  ///< the oracle answered for some instance of the class
    bool Steals = false; ///< it resolves to the template
    std::string Instance; ///< the class (specialisation) asked about
  };
  static constexpr size_t MaxCopyQueries = 3;
  CopyFact copyResolution(const clang::FunctionTemplateDecl *FTD, const clang::CXXRecordDecl *Class,
                          clang::ASTContext &Ctx);

  struct Greedy {
    const clang::CXXConstructorDecl *Ctor;
    GreedyForm Form;
  };
  /// Also add `explicit` (with call-site rewrites) to single-argument ones.
  bool MakeExplicit;
  /// The fix's `#include <type_traits>`, placed as clang-tidy's own checks do.
  clang::tidy::utils::IncludeInserter Inserter;

  std::vector<Greedy> Found;
  ConversionSiteIndex Sites;
  /// Constructions that resolve to a constructor template, by the template's
  /// written constructor; finishTranslationUnit sorts out which are effects.
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::CXXConstructExpr *>>
      Constructions;
  /// Copies and moves of classes that declare a constructor template, by
  /// class: where the template competes with the copy/move constructor.
  llvm::DenseMap<const clang::CXXRecordDecl *, std::vector<const clang::CXXConstructExpr *>>
      Copies;
  llvm::DenseMap<const clang::CXXRecordDecl *, bool> HasCtorTemplate;
  /// Classes (as written) that a function outside the internal namespaces
  /// returns: their users hold, and copy, them (dlib's public `overloaded()`
  /// returning a `detail::overloaded_helper`).
  llvm::DenseMap<const clang::CXXRecordDecl *, const clang::FunctionDecl *> ReturnedBy;
};

} // namespace dispatch
