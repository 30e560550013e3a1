#include "dispatch/Ownership.h"

#include "dispatch/CopyrightNotice.h"
#include "dispatch/TypeFacts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TemplateBase.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "clang/Basic/FileManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <mutex>
#include <set>

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

/// The absolute, dot-free directory of a file as the FileManager names it.
static std::string directoryOf(llvm::StringRef File, FileManager &FM) {
  llvm::SmallString<256> Path(File);
  FM.makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return llvm::sys::path::parent_path(Path).str();
}

/// The holders a file's leading notice names: a notice sits at the top.
static constexpr size_t NoticeBytes = 4096;

/// The holders a licence file names; it is no file of the TU, so it is read
/// from the file system (once per main file).
static std::set<std::string> licenceHolders(llvm::StringRef File, llvm::vfs::FileSystem &FS,
                                            const std::vector<std::string> &StopWords) {
  auto Buffer = FS.getBufferForFile(File, /*FileSize=*/-1, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return {};
  return copyrightHolders((*Buffer)->getBuffer().take_front(1 << 16), StopWords);
}

/// A licence file's text with its whitespace runs made single spaces (a
/// copy re-wrapped or with other line ends is the same licence), or "" when
/// it cannot be read.
static std::string licenceText(llvm::StringRef File, llvm::vfs::FileSystem &FS) {
  auto Buffer = FS.getBufferForFile(File, /*FileSize=*/-1, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return "";
  llvm::SmallVector<llvm::StringRef, 256> Words;
  llvm::SplitString((*Buffer)->getBuffer().take_front(1 << 16), Words);
  return llvm::join(Words, " ");
}

/// The holders the notice of a file of the TU names, from the text the
/// SourceManager already holds.
static std::set<std::string> noticeHolders(FileID FID, const SourceManager &SM,
                                           const std::vector<std::string> &StopWords) {
  std::optional<llvm::StringRef> Text = SM.getBufferDataOrNone(FID);
  return Text ? copyrightHolders(Text->take_front(NoticeBytes), StopWords)
              : std::set<std::string>();
}

struct OwnershipPolicy::CheckoutCache {
  std::mutex Lock;
  /// The file system asked (one per FileManager); the answers below are its.
  const llvm::vfs::FileSystem *FS = nullptr;
  llvm::StringMap<bool> HasGit;
  llvm::StringMap<bool> HasMarker; ///< directory → holds a ThirdPartyMarkers file
  llvm::StringMap<bool> HasBuildMarker; ///< directory → is a build tree's root
  std::string MainName, MainRoot; ///< MainRoot empty: the main file is in no repository
  /// Holders named by MainRoot's licence and by the main file's notice;
  /// empty when the licence names none: then no file is judged by its notice.
  std::set<std::string> ProjectHolders;
  /// The texts of MainRoot's licence files: a directory below it holding the
  /// same licence is the project's own (dlib keeps a copy in `dlib/`).
  std::set<std::string> RootLicences;
  /// The names of MainRoot's licence files ("LICENSE"), as a notice refers to them.
  std::vector<std::string> RootLicenceFiles;
  llvm::StringMap<Place> Nested;  ///< directory → where it is relative to MainRoot
  llvm::StringMap<bool> Files;    ///< file name as the SourceManager gives it → nested

  /// Whether Dir holds one of Names, asked once per directory (Known: the
  /// answers).
  static bool holds(llvm::StringMap<bool> &Known, llvm::StringRef Dir,
                    llvm::ArrayRef<std::string> Names, llvm::vfs::FileSystem &Sys) {
    auto [It, New] = Known.try_emplace(Dir, false);
    if (New)
      It->second = llvm::any_of(Names, [&](llvm::StringRef Name) {
        llvm::SmallString<256> Path(Dir);
        llvm::sys::path::append(Path, Name);
        return Sys.exists(Path);
      });
    return It->second;
  }
  /// Whether Dir holds a `.git` (a directory, or a file for submodules).
  bool hasGit(llvm::StringRef Dir, llvm::vfs::FileSystem &Sys) {
    static const std::string Git = ".git";
    return holds(HasGit, Dir, Git, Sys);
  }
  /// Whether Dir is a build tree's root (holds one of Markers: CMakeCache.txt).
  bool isBuildTree(llvm::StringRef Dir, const std::vector<std::string> &Markers,
                   llvm::vfs::FileSystem &Sys) {
    return holds(HasBuildMarker, Dir, Markers, Sys);
  }

  /// Places the main file of SM's TU (once per main file): its repository
  /// root and the project's copyright holders. False without a main file.
  bool placeMain(const SourceManager &SM, const OwnershipOptions &Opts) {
    FileManager &FM = SM.getFileManager();
    llvm::vfs::FileSystem &Sys = FM.getVirtualFileSystem();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    if (!Main)
      return false;
    if (FS == &Sys && MainName == Main->getName())
      return true;
    if (FS != &Sys) {
      HasGit.clear();
      HasBuildMarker.clear();
    }
    HasMarker.clear(); // the answers depend on the root's licences
    FS = &Sys;
    MainName = Main->getName().str();
    MainRoot.clear();
    ProjectHolders.clear();
    RootLicences.clear();
    RootLicenceFiles.clear();
    Nested.clear();
    Files.clear();
    std::string MainDir = directoryOf(MainName, FM);
    for (llvm::StringRef D = MainDir; !D.empty(); D = llvm::sys::path::parent_path(D))
      if (hasGit(D, Sys)) {
        MainRoot = D.str();
        break;
      }
    if (MainRoot.empty())
      return true;
    for (const std::string &Name : Opts.ThirdPartyMarkers) {
      llvm::SmallString<256> Licence(MainRoot);
      llvm::sys::path::append(Licence, Name);
      if (std::string Text = licenceText(Licence, Sys); !Text.empty()) {
        RootLicences.insert(std::move(Text));
        RootLicenceFiles.push_back(Name); // "LICENSE.txt", said "the LICENSE file"
        if (llvm::StringRef Stem = llvm::sys::path::stem(Name); Stem != Name)
          RootLicenceFiles.push_back(Stem.str());
      }
      if (Opts.VendoredByCopyright)
        ProjectHolders.merge(licenceHolders(Licence, Sys, Opts.CopyrightStopWords));
    }
    if (!Opts.VendoredByCopyright)
      return true;
    if (!ProjectHolders.empty())
      ProjectHolders.merge(noticeHolders(SM.getMainFileID(), SM, Opts.CopyrightStopWords));
    return true;
  }
};

OwnershipPolicy::OwnershipPolicy(OwnershipOptions Opts)
    : Opts(std::move(Opts)), Checkouts(std::make_shared<CheckoutCache>()) {}

bool OwnershipPolicy::isInNestedCheckout(llvm::StringRef File, FileID FID,
                                         const SourceManager &SM) const {
  FileManager &FM = SM.getFileManager();
  llvm::vfs::FileSystem &FS = FM.getVirtualFileSystem();
  std::lock_guard<std::mutex> Guard(Checkouts->Lock);
  CheckoutCache &C = *Checkouts;
  // Another project's root: its own checkout, or a licence file other than
  // the project's.
  auto IsOtherProject = [&](llvm::StringRef Dir) {
    if (C.hasGit(Dir, FS))
      return true;
    auto [It, New] = C.HasMarker.try_emplace(Dir, false);
    if (New)
      It->second = llvm::any_of(Opts.ThirdPartyMarkers, [&](const std::string &Name) {
        llvm::SmallString<256> Marker(Dir);
        llvm::sys::path::append(Marker, Name);
        return FS.exists(Marker) && !C.RootLicences.count(licenceText(Marker, FS));
      });
    return It->second;
  };
  if (!C.placeMain(SM, Opts) || C.MainRoot.empty())
    return false;
  auto [Known, New] = C.Files.try_emplace(File, false);
  if (!New)
    return Known->second;
  bool &Answer = Known->second;
  std::string Dir = directoryOf(File, FM);
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
  if (Above == Place::Nested)
    return Answer = true;
  // Outside the main repository and in no checkout: a generated header in a
  // build tree elsewhere is the project's (CTranslate2's kernels_avx*.cc);
  // an installed library on the include path with `-I` rather than
  // `-isystem` is not (LightGBM's `-I/usr/local/cuda/include`: cuda_fp16.h).
  if (Above == Place::Outside) {
    for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D))
      if (C.isBuildTree(D, Opts.BuildTreeMarkers, FS))
        return Answer = false;
    return Answer = true;
  }
  // In the project's own tree, a file copied without its licence still
  // carries its authors' notice.
  // A notice that sends the reader to the root's licence file is the
  // project's whoever it names (a company renamed: "Meta Platforms" files
  // under a "Facebook" LICENSE).
  if (Above != Place::Owned || C.ProjectHolders.empty() ||
      !namesOtherHolders(noticeHolders(FID, SM, Opts.CopyrightStopWords), C.ProjectHolders))
    return Answer = false;
  std::optional<llvm::StringRef> Text = SM.getBufferDataOrNone(FID);
  return Answer = !(Text && refersToRootLicence(Text->take_front(NoticeBytes), C.RootLicenceFiles));
}

std::string OwnershipPolicy::auxiliaryDir(SourceLocation Loc, const SourceManager &SM) const {
  if (Loc.isInvalid() || Opts.AuxiliaryDirs.empty())
    return "";
  llvm::StringRef File = SM.getFilename(SM.getFileLoc(Loc));
  if (File.empty())
    return "";
  std::lock_guard<std::mutex> Guard(Checkouts->Lock);
  if (!Checkouts->placeMain(SM, Opts))
    return "";
  std::string Root = Checkouts->MainRoot;
  if (Root.empty())
    return "";
  std::string Dir = directoryOf(File, SM.getFileManager());
  llvm::StringRef Below(Dir);
  if (!Below.consume_front(Root) || Below.empty() || !llvm::sys::path::is_separator(Below.front()))
    return "";
  Below = Below.drop_front();
  // `test` names the first directory below the root; `**/test` one at any
  // depth (dlib keeps its tests in dlib/test/), but not below an `include`
  // directory, whose headers are installed, nor inside a build tree (its
  // `test/` mirrors the sources, holding generated files).
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Below.split(Parts, llvm::sys::path::get_separator());
  llvm::vfs::FileSystem &Sys = SM.getFileManager().getVirtualFileSystem();
  llvm::SmallString<256> Prefix(Root);
  bool Deep = true; // `**/` entries may still match
  for (size_t I = 0; I < Parts.size(); ++I) {
    bool Match = llvm::any_of(Opts.AuxiliaryDirs, [&](llvm::StringRef Entry) {
      return Entry.consume_front("**/") ? Deep && Entry == Parts[I] : I == 0 && Entry == Parts[I];
    });
    if (Match)
      return llvm::join(llvm::ArrayRef(Parts).take_front(I + 1), "/");
    llvm::sys::path::append(Prefix, Parts[I]);
    Deep = Deep && Parts[I] != "include" && !Checkouts->isBuildTree(Prefix, Opts.BuildTreeMarkers, Sys);
  }
  return "";
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
  if (isInNestedCheckout(File, SM.getFileID(Spelling), SM))
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

const NamespaceDecl *OwnershipPolicy::internalNamespace(const Decl *D) const {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC); NS && !NS->isInline())
      if (NS->isAnonymousNamespace() || llvm::is_contained(Opts.InternalNamespaces, NS->getName()))
        return NS;
  return nullptr;
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
