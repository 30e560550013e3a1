#include "dispatch/Ownership.h"

#include "dispatch/TypeFacts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TemplateBase.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace dispatch {

static bool pathHasComponent(llvm::StringRef Path, llvm::StringRef Component) {
  for (auto It = llvm::sys::path::begin(Path), End = llvm::sys::path::end(Path);
       It != End; ++It)
    if (*It == Component)
      return true;
  return false;
}

bool OwnershipPolicy::isOwnedLocation(SourceLocation Loc,
                                      const SourceManager &SM) const {
  if (Loc.isInvalid())
    return false;
  SourceLocation Spelling = SM.getFileLoc(Loc);
  if (SM.isInSystemHeader(Spelling))
    return false;
  llvm::StringRef File = SM.getFilename(Spelling);
  if (File.empty()) // <built-in>, <command line>, scratch space.
    return false;
  for (const std::string &Dir : Opts.ThirdPartyDirs)
    if (pathHasComponent(File, Dir))
      return false;
  if (Opts.SourceRoots.empty())
    return true;
  for (const std::string &Root : Opts.SourceRoots)
    if (File.startswith(Root))
      return true;
  return false;
}

bool isInStdNamespace(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->isStdNamespace())
        return true;
  return false;
}

bool OwnershipPolicy::isInOwnedNamespace(const Decl *D) const {
  if (Opts.OwnedNamespaces.empty())
    return false;
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS)
      continue;
    std::string Name = NS->getQualifiedNameAsString();
    for (const std::string &Owned : Opts.OwnedNamespaces)
      if (Name == Owned)
        return true;
  }
  return false;
}

bool OwnershipPolicy::isOwnedDecl(const Decl *D) const {
  if (!D || isInStdNamespace(D))
    return false;
  // Instantiations belong to whoever wrote the pattern.
  if (const auto *RD = dyn_cast<CXXRecordDecl>(D)) {
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (!Spec->isExplicitSpecialization())
        D = Spec->getSpecializedTemplate()->getTemplatedDecl();
  }
  if (isInOwnedNamespace(D))
    return true;
  return isOwnedLocation(D->getLocation(), D->getASTContext().getSourceManager());
}

namespace {
/// Walks a type and everything it is built from, stopping at the first owned
/// class or enum.
class OwnedTypeFinder {
public:
  explicit OwnedTypeFinder(const OwnershipPolicy &P) : Policy(P) {}

  bool visit(QualType T) {
    if (T.isNull())
      return false;
    const Type *Ty = T.getCanonicalType().getTypePtr();
    if (!Seen.insert(Ty).second)
      return false;
    if (std::optional<bool> Any = anyComponentType(Ty, [&](QualType C) { return visit(C); }))
      return *Any;
    if (const auto *ET = dyn_cast<EnumType>(Ty))
      return Policy.isOwnedDecl(ET->getDecl());
    if (const auto *RT = dyn_cast<RecordType>(Ty)) {
      const RecordDecl *RD = RT->getDecl();
      if (Policy.isOwnedDecl(RD))
        return true;
      if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
        return visitArgs(Spec->getTemplateArgs().asArray());
      return false;
    }
    if (const auto *TST = dyn_cast<TemplateSpecializationType>(Ty)) {
      if (TemplateDecl *TD = TST->getTemplateName().getAsTemplateDecl())
        if (Policy.isOwnedDecl(TD))
          return true;
      return visitArgs(TST->template_arguments());
    }
    if (const auto *Inj = dyn_cast<InjectedClassNameType>(Ty))
      return Policy.isOwnedDecl(Inj->getDecl());
    return false;
  }

private:
  bool visitArgs(llvm::ArrayRef<TemplateArgument> Args) {
    for (const TemplateArgument &Arg : Args) {
      switch (Arg.getKind()) {
      case TemplateArgument::Type:
        if (visit(Arg.getAsType()))
          return true;
        break;
      case TemplateArgument::Pack:
        if (visitArgs(Arg.pack_elements()))
          return true;
        break;
      case TemplateArgument::Template:
        if (TemplateDecl *TD = Arg.getAsTemplate().getAsTemplateDecl())
          if (Policy.isOwnedDecl(TD))
            return true;
        break;
      case TemplateArgument::Declaration:
        if (Policy.isOwnedDecl(Arg.getAsDecl()))
          return true;
        break;
      default:
        break;
      }
    }
    return false;
  }

  const OwnershipPolicy &Policy;
  llvm::SmallPtrSet<const Type *, 16> Seen;
};
} // namespace

bool OwnershipPolicy::involvesOwnedType(QualType T) const {
  return OwnedTypeFinder(*this).visit(T);
}

} // namespace dispatch
