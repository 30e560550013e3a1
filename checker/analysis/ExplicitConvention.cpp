#include "dispatch/ExplicitConvention.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <tuple>

using namespace clang;

namespace dispatch {

/// The type a one-argument constructor converts from, as a map key: the
/// first parameter without reference and cv-qualifiers, canonical; null when
/// it depends on a template parameter.
static const Type *sourceKey(const CXXConstructorDecl *C) {
  if (C->getNumParams() == 0 || C->getMinRequiredArguments() > 1)
    return nullptr;
  QualType T = C->getParamDecl(0)->getType().getNonReferenceType();
  if (T->isDependentType())
    return nullptr;
  return T.getCanonicalType().getUnqualifiedType().getTypePtr();
}

/// RD and every class it derives from, as far as they are known (dependent
/// bases of a class template's pattern are not).
static void collectBases(const CXXRecordDecl *RD,
                         llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Out) {
  if (!RD || !Out.insert(RD->getCanonicalDecl()).second)
    return;
  const CXXRecordDecl *Def = RD->getDefinition();
  if (!Def)
    return;
  for (const CXXBaseSpecifier &B : Def->bases())
    if (const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl())
      collectBases(Base, Out);
}

void ExplicitConvention::addExplicit(const CXXConstructorDecl *C) {
  if (!C || !C->isExplicit() || C->isCopyOrMoveConstructor() || C->isDeleted())
    return;
  if (const Type *Key = sourceKey(C))
    BySource[Key].push_back(C);
}

const CXXConstructorDecl *ExplicitConvention::explicitSibling(
    const CXXConstructorDecl *Implicit,
    llvm::function_ref<bool(const CXXRecordDecl *)> OwnedBase) const {
  const Type *Key = sourceKey(Implicit);
  if (!Key)
    return nullptr;
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Mine;
  collectBases(Implicit->getParent(), Mine);
  const CXXRecordDecl *Self = Implicit->getParent()->getCanonicalDecl();
  const SourceManager &SM = Implicit->getASTContext().getSourceManager();
  SourceLocation Here = SM.getExpansionLoc(Implicit->getLocation());
  // The nearest sibling, as a reader would look for it: the same class, then
  // a base or derived class, then one sharing an owned base; among those,
  // one in the same file, the closest line first.
  const CXXConstructorDecl *Best = nullptr;
  std::tuple<int, int, unsigned> BestRank;
  auto Consider = [&](const CXXConstructorDecl *C, int Relation) {
    SourceLocation There = SM.getExpansionLoc(C->getLocation());
    bool SameFile = SM.getFileID(There) == SM.getFileID(Here);
    unsigned Lines = 0;
    if (SameFile) {
      unsigned A = SM.getExpansionLineNumber(Here), B = SM.getExpansionLineNumber(There);
      Lines = A > B ? A - B : B - A;
    }
    std::tuple<int, int, unsigned> Rank{Relation, SameFile ? 0 : 1, Lines};
    if (!Best || Rank < BestRank) {
      Best = C;
      BestRank = Rank;
    }
  };
  if (auto It = BySource.find(Key); It != BySource.end())
    for (const CXXConstructorDecl *C : It->second) {
      const CXXRecordDecl *Other = C->getParent()->getCanonicalDecl();
      llvm::SmallPtrSet<const CXXRecordDecl *, 8> Theirs;
      collectBases(Other, Theirs);
      // The same class, one derived from the other, or a common base the
      // project owns (every class derived from `std::exception` is no
      // family), one with state or virtual functions: an empty mixin such as
      // dlib's `noncopyable` makes its users no family either.
      int Relation = Other == Self ? 0 : Mine.count(Other) || Theirs.count(Self) ? 1 : 2;
      if (Relation == 2 && llvm::none_of(Theirs, [&](const CXXRecordDecl *B) {
            const CXXRecordDecl *Def = B->getDefinition();
            return B != Other && Mine.count(B) && OwnedBase(B) && Def && !Def->isEmpty();
          }))
        continue;
      Consider(C, Relation);
    }
  // A base that is a class template's specialisation (OGDF's
  // `ShellingOrderSet : Array<node>` beside `explicit Array(INDEX)`): its
  // pattern's constructor takes a dependent type, which BySource cannot key;
  // the specialisation declares it with the concrete one.
  for (const CXXRecordDecl *B : Mine) {
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(B->getDefinition());
    if (B == Self || !Spec || !OwnedBase(B))
      continue;
    for (const CXXConstructorDecl *C : Spec->ctors())
      if (C->isExplicit() && !C->isCopyOrMoveConstructor() && !C->isDeleted() &&
          sourceKey(C) == Key)
        Consider(C, 1);
  }
  return Best;
}

} // namespace dispatch
