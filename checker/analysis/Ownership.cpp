#include "dispatch/Ownership.h"

#include "dispatch/TypeFacts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TemplateBase.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "clang/Basic/FileManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <mutex>

using namespace clang;

namespace dispatch {

static bool pathHasComponent(llvm::StringRef Path, llvm::StringRef Component) {
  for (auto It = llvm::sys::path::begin(Path), End = llvm::sys::path::end(Path);
       It != End; ++It)
    if (*It == Component)
      return true;
  return false;
}

/// Which directories hold a `.git`, and, for the main file's repository
/// root last asked about, which directories are inside a nested checkout.
namespace {
enum class Place { Outside, Owned, Nested }; ///< a directory and the main repository
} // namespace

struct OwnershipPolicy::CheckoutCache {
  std::mutex Lock;
  /// The file system asked (one per FileManager); the answers below are its.
  const llvm::vfs::FileSystem *FS = nullptr;
  llvm::StringMap<bool> HasGit;
  llvm::StringMap<bool> HasMarker; ///< directory → holds a ThirdPartyMarkers file
  std::string MainName, MainRoot; ///< MainRoot empty: the main file is in no repository
  llvm::StringMap<Place> Nested;  ///< directory → where it is relative to MainRoot
  llvm::StringMap<bool> Files;    ///< file name as the SourceManager gives it → nested
};

OwnershipPolicy::OwnershipPolicy(OwnershipOptions Opts)
    : Opts(std::move(Opts)), Checkouts(std::make_shared<CheckoutCache>()) {}

/// The absolute, dot-free directory of a file as the FileManager names it.
static std::string directoryOf(llvm::StringRef File, FileManager &FM) {
  llvm::SmallString<256> Path(File);
  FM.makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return llvm::sys::path::parent_path(Path).str();
}

bool OwnershipPolicy::isInNestedCheckout(llvm::StringRef File, const SourceManager &SM) const {
  FileManager &FM = SM.getFileManager();
  llvm::vfs::FileSystem &FS = FM.getVirtualFileSystem();
  std::lock_guard<std::mutex> Guard(Checkouts->Lock);
  CheckoutCache &C = *Checkouts;
  auto HasGit = [&](llvm::StringRef Dir) {
    auto [It, New] = C.HasGit.try_emplace(Dir, false);
    if (New) {
      llvm::SmallString<256> Git(Dir);
      llvm::sys::path::append(Git, ".git");
      It->second = FS.exists(Git);
    }
    return It->second;
  };
  // Another project's root: its own checkout, or its own licence file.
  auto IsOtherProject = [&](llvm::StringRef Dir) {
    if (HasGit(Dir))
      return true;
    auto [It, New] = C.HasMarker.try_emplace(Dir, false);
    if (New)
      It->second = llvm::any_of(Opts.ThirdPartyMarkers, [&](const std::string &Name) {
        llvm::SmallString<256> Marker(Dir);
        llvm::sys::path::append(Marker, Name);
        return FS.exists(Marker);
      });
    return It->second;
  };
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main)
    return false;
  if (C.FS != &FS || C.MainName != Main->getName()) {
    if (C.FS != &FS) {
      C.HasGit.clear();
      C.HasMarker.clear();
    }
    C.FS = &FS;
    C.MainName = Main->getName().str();
    C.MainRoot.clear();
    C.Nested.clear();
    C.Files.clear();
    std::string MainDir = directoryOf(C.MainName, FM);
    for (llvm::StringRef D = MainDir; !D.empty(); D = llvm::sys::path::parent_path(D))
      if (HasGit(D)) {
        C.MainRoot = D.str();
        break;
      }
  }
  if (C.MainRoot.empty())
    return false;
  auto [Known, New] = C.Files.try_emplace(File, false);
  if (!New)
    return Known->second;
  bool &Answer = Known->second;
  std::string Dir = directoryOf(File, FM);
  if (auto It = C.Nested.find(Dir); It != C.Nested.end())
    return Answer = It->second == Place::Nested;
  // Up from the file's directory to the main root, or to a directory already
  // placed; then down again: a directory is nested when it or one above it,
  // below the main root, holds a `.git` or a licence file of its own. Outside the main repository, a
  // directory inside another checkout (a sibling repository on the include
  // path) is somebody else's code too; one in no repository (a generated
  // header in a build directory elsewhere) stays the project's.
  std::vector<std::string> Walked;
  Place Above = Place::Outside;
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    if (D == C.MainRoot) {
      Above = Place::Owned;
      break;
    }
    if (auto It = C.Nested.find(D); It != C.Nested.end()) {
      Above = It->second;
      break;
    }
    Walked.push_back(D.str());
  }
  for (auto It = Walked.rbegin(); It != Walked.rend(); ++It) {
    if ((Above == Place::Owned || Above == Place::Outside) && IsOtherProject(*It))
      Above = Place::Nested;
    C.Nested[*It] = Above;
  }
  return Answer = Above == Place::Nested;
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
  if (isInNestedCheckout(File, SM))
    return false;
  if (Opts.SourceRoots.empty())
    return true;
  for (const std::string &Root : Opts.SourceRoots)
    if (File.starts_with(Root))
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

const NamedDecl *foreignOverloadSibling(const FunctionDecl *FD, const OwnershipPolicy &Policy) {
  const DeclContext *Scope = FD->getDeclContext()->getRedeclContext();
  const auto *NS = dyn_cast<NamespaceDecl>(Scope);
  // Who owns a namespace is decided by its first declaration (a reopened
  // library namespace is not the project's).
  bool OwnNamespace = NS && !NS->isStdNamespace() &&
                      Policy.isOwnedDecl(NS->getFirstDecl());
  for (const NamedDecl *ND : Scope->lookup(FD->getDeclName())) {
    if (OwnNamespace && isa<UsingShadowDecl>(ND))
      continue;
    const NamedDecl *Under = ND->getUnderlyingDecl();
    if (Under->getCanonicalDecl() != FD->getCanonicalDecl() && !Policy.isOwnedDecl(Under))
      return Under;
  }
  return nullptr;
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
