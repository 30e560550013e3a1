#include "dispatch/ConversionSiteIndex.h"

#include "dispatch/TemplateFacts.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace dispatch {

bool ConversionSiteIndex::wanted(const FunctionDecl *Written) {
  if (!Written)
    return false;
  auto [It, Inserted] = FilterCache.try_emplace(Written, false);
  if (Inserted)
    It->second = !Interesting || Interesting(Written);
  return It->second;
}

void ConversionSiteIndex::addConstruct(const CXXConstructExpr *E, ASTContext &Ctx) {
  const CXXConstructorDecl *Ctor = E->getConstructor();
  if (!Ctor || Ctor->isCopyOrMoveConstructor() || isa<CXXTemporaryObjectExpr>(E))
    return;
  if (!wanted(writtenDecl(Ctor)))
    return;
  if (std::optional<ConversionSite> Site = implicitConstructorSite(E, Ctx))
    Sites[Site->Conversion].push_back(std::move(*Site));
  else if (std::optional<ConversionSite> Braced = bracedConstructionSite(E, Ctx))
    BracedConstructions[Braced->Conversion].push_back(std::move(*Braced));
}

void ConversionSiteIndex::addCast(const ImplicitCastExpr *E, ASTContext &Ctx) {
  const auto *Call = dyn_cast<CXXMemberCallExpr>(E->getSubExpr()->IgnoreImplicit());
  if (!Call || !wanted(writtenDecl(Call->getMethodDecl())))
    return;
  if (std::optional<ConversionSite> Site = implicitConversionOperatorSite(E, Ctx))
    Sites[Site->Conversion].push_back(std::move(*Site));
}

llvm::ArrayRef<ConversionSite>
ConversionSiteIndex::sitesOf(const FunctionDecl *Written) const {
  auto It = Sites.find(Written);
  if (It == Sites.end())
    return {};
  return It->second;
}

ConversionSiteIndex::ExplicitFix
ConversionSiteIndex::explicitFix(const FunctionDecl *Written, const ASTContext &Ctx) const {
  ExplicitFix Fix;
  // C++98 has no explicit conversion functions (SNAP's C++98 units: clang
  // warns, `g++ -pedantic-errors` rejects the fix).
  if (isa_and_nonnull<CXXConversionDecl>(Written) && !Ctx.getLangOpts().CPlusPlus11) {
    Fix.Unavailable = "an 'explicit' conversion function needs C++11";
    return Fix;
  }
  std::optional<FixItHint> Explicit = insertExplicit(Written, Ctx);
  if (!Explicit)
    return Fix;
  std::vector<FixItHint> Hints{*Explicit};
  // The same written site can be seen more than once (a default argument, an
  // inline function visited twice); rewrite it once.
  llvm::DenseSet<unsigned> Done;
  auto BracedIt = BracedConstructions.find(Written);
  for (llvm::ArrayRef<ConversionSite> Group :
       {sitesOf(Written), BracedIt == BracedConstructions.end()
                              ? llvm::ArrayRef<ConversionSite>()
                              : llvm::ArrayRef(BracedIt->second)})
    for (const ConversionSite &Site : Group) {
      if (!Site.NotRewritable.empty()) {
        Fix.Blocker = &Site;
        return Fix;
      }
      if (!Done.insert(Site.Operand->getBeginLoc().getRawEncoding()).second)
        continue;
      std::vector<FixItHint> SiteHints = rewriteSite(Site, Ctx);
      if (!SiteHints.empty())
        ++Fix.RewrittenSites;
      Hints.insert(Hints.end(), SiteHints.begin(), SiteHints.end());
    }
  Fix.Hints = std::move(Hints);
  return Fix;
}

} // namespace dispatch
