// Per-translation-unit index of the sites that use each implicit conversion,
// and the combined fix "make it explicit and rewrite every site".
#pragma once

#include "dispatch/ConversionSites.h"

#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <string>

namespace dispatch {

class ConversionSiteIndex {
public:
  /// Decides, per written constructor or conversion function, whether its
  /// sites are worth collecting (keeps the parent-map walks off unrelated code).
  using Filter = std::function<bool(const clang::FunctionDecl *)>;

  void setFilter(Filter F) { Interesting = std::move(F); }
  void addConstruct(const clang::CXXConstructExpr *E, clang::ASTContext &Ctx);
  void addCast(const clang::ImplicitCastExpr *E, clang::ASTContext &Ctx);
  void clear() {
    Sites.clear();
    BracedConstructions.clear();
    FilterCache.clear();
  }

  llvm::ArrayRef<ConversionSite> sitesOf(const clang::FunctionDecl *Written) const;

  struct ExplicitFix {
    std::vector<clang::FixItHint> Hints; ///< empty when no safe fix exists
    unsigned RewrittenSites = 0;
    const ConversionSite *Blocker = nullptr; ///< first site that cannot be rewritten
    /// Why the declaration itself cannot be made explicit, when that is the
    /// reason for no fix ("an 'explicit' conversion function needs C++11").
    std::string Unavailable;
  };
  /// `explicit` on the declaration plus a rewrite of every site that relied on
  /// the implicit conversion; no hints at all if any part cannot be edited.
  ExplicitFix explicitFix(const clang::FunctionDecl *Written,
                          const clang::ASTContext &Ctx) const;

private:
  bool wanted(const clang::FunctionDecl *Written);
  Filter Interesting;
  llvm::DenseMap<const clang::FunctionDecl *, bool> FilterCache;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<ConversionSite>> Sites;
  /// `T t = {}` through a constructor with every parameter defaulted,
  /// `return {a, b}`: no use of the conversion, but the explicit fix must
  /// rewrite them (bracedConstructionSite).
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<ConversionSite>> BracedConstructions;
};

} // namespace dispatch
