#include "dispatch/ExplicitConvention.h"

#include "llvm/ADT/SmallPtrSet.h"

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
  auto It = Key ? BySource.find(Key) : BySource.end();
  if (It == BySource.end())
    return nullptr;
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Mine;
  collectBases(Implicit->getParent(), Mine);
  const CXXRecordDecl *Self = Implicit->getParent()->getCanonicalDecl();
  for (const CXXConstructorDecl *C : It->second) {
    const CXXRecordDecl *Other = C->getParent()->getCanonicalDecl();
    llvm::SmallPtrSet<const CXXRecordDecl *, 8> Theirs;
    collectBases(Other, Theirs);
    // The same class, one derived from the other, or a common base the
    // project owns (every class derived from `std::exception` is no family).
    if (Other == Self || Mine.count(Other) || Theirs.count(Self))
      return C;
    for (const CXXRecordDecl *B : Theirs)
      if (B != Other && Mine.count(B) && OwnedBase(B))
        return C;
  }
  return nullptr;
}

} // namespace dispatch
