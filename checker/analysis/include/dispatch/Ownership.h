// Who owns a declaration or a type: the project, or somebody else (the
// standard library, the CUDA toolkit, a third-party dependency).
//
// Ownership decides what counts as "type piracy" (an overload for types nobody
// in the project owns) and which declarations the checks may report and fix.
#pragma once

#include "dispatch/Knowledge.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"

#include <memory>
#include <string>
#include <vector>

namespace dispatch {

struct OwnershipOptions {
  /// Path prefixes of the project's own sources. Empty: everything that is not
  /// a system header and not under a third-party directory is owned.
  std::vector<std::string> SourceRoots;
  /// Path components that mark vendored code, e.g. "third_party" matches
  /// ".../third_party/..." (default: checker/knowledge/layout.json).
  std::vector<std::string> ThirdPartyDirs = Knowledge::builtin().ThirdPartyDirs;
  /// File names (LICENSE, COPYING, ...) that make a directory below the main
  /// repository's root a vendored copy (default: layout.json).
  std::vector<std::string> ThirdPartyMarkers = Knowledge::builtin().ThirdPartyMarkers;
  /// Names whose presence makes a directory a build tree: outside the main
  /// repository, only a file below one is the project's (default: layout.json).
  std::vector<std::string> BuildTreeMarkers = Knowledge::builtin().BuildTreeMarkers;
  /// Whether a file below the repository root whose copyright notice names
  /// none of the holders of the root's licence (a ThirdPartyMarkers file
  /// there) or of the main file's notice is vendored.
  bool VendoredByCopyright = true;
  std::vector<std::string> CopyrightStopWords = Knowledge::builtin().CopyrightStopWords;
  /// Directories whose code ships to nobody: first below the repository root
  /// ("test", "dev") or, with `**/`, at any depth: auxiliaryDir() (default:
  /// layout.json).
  std::vector<std::string> AuxiliaryDirs = Knowledge::builtin().AuxiliaryDirs;
  /// Names of namespaces that hold a library's implementation detail
  /// ("detail", "internal"): internalNamespace() (default: layout.json).
  std::vector<std::string> InternalNamespaces = Knowledge::builtin().InternalNamespaces;
  /// Fully qualified namespaces the project owns wherever they are declared
  /// ("gnn", "gnn::detail").
  std::vector<std::string> OwnedNamespaces;
};

class OwnershipPolicy {
public:
  explicit OwnershipPolicy(OwnershipOptions Opts);

  /// A location in a file of the project (not a system header, not vendored,
  /// under a source root when roots are configured). Vendored: a path
  /// component is one of ThirdPartyDirs, or the file is inside a nested git
  /// checkout or submodule: a directory containing `.git` (a directory or,
  /// for submodules and worktrees, a file) between the file and the main
  /// file's own repository root (the nearest directory above the main file
  /// that contains `.git`), or inside another repository's checkout outside
  /// the main one (a sibling repository on the include path); or the file is
  /// in a directory below that root which holds one of ThirdPartyMarkers (a
  /// library copied into the tree with its LICENSE). Asked through
  /// the SourceManager's file system, once per directory.
  bool isOwnedLocation(clang::SourceLocation Loc,
                       const clang::SourceManager &SM) const;

  /// A declaration the project owns: declared in an owned file or inside an
  /// owned namespace. Namespace `std` is never owned.
  bool isOwnedDecl(const clang::Decl *D) const;

  /// True when the type, looking through cv-qualifiers, references, pointers,
  /// arrays, member pointers, function types and template arguments, names at
  /// least one owned class or enum: `std::vector<gnn::Tensor>` involves the
  /// owned `gnn::Tensor`; `std::vector<float>` involves nothing owned.
  bool involvesOwnedType(clang::QualType T) const;

  const OwnershipOptions &options() const { return Opts; }

  /// Whether File (as the SourceManager names it; FID its contents) is
  /// somebody else's code by where it sits: inside a nested git checkout, a
  /// directory with its own licence, another repository, or under a foreign
  /// copyright notice.
  bool isInNestedCheckout(llvm::StringRef File, clang::FileID FID,
                          const clang::SourceManager &SM) const;

  /// The directory below the main file's repository root, relative to it,
  /// that makes Loc auxiliary: the first one below the root when it is one of
  /// AuxiliaryDirs ("dev" for dev/cuda/gelu.cu, "test" for
  /// test/test_xarray.cpp), or one at any depth named by a `**/` entry
  /// ("dlib/test" for dlib/test/any.cpp): the project's tests, benchmarks and
  /// experiments, code that ships to nobody. Empty for every other location
  /// and when the main file is in no repository.
  std::string auxiliaryDir(clang::SourceLocation Loc, const clang::SourceManager &SM) const;

  /// The innermost enclosing namespace of D that is anonymous or named one
  /// of InternalNamespaces (`detail` for xt::detail::xexpression_wrapper):
  /// code that only the library itself uses. Null for a public declaration.
  const clang::NamespaceDecl *internalNamespace(const clang::Decl *D) const;

private:
  bool isInOwnedNamespace(const clang::Decl *D) const;
  OwnershipOptions Opts;
  struct CheckoutCache;
  std::shared_ptr<CheckoutCache> Checkouts; ///< shared by copies; locked
};

/// A declaration outside the project with FD's name in FD's scope (`::log`
/// beside <cmath>'s): FD then joins somebody else's overload set. In a named
/// namespace the project owns, a using-declaration (`using std::abs;`) is no
/// such sibling: it brings the foreign functions into the project's own
/// overload set, which only calls naming that namespace see; std::abs's set
/// is unchanged. The global namespace belongs to nobody, so there it is.
const clang::NamedDecl *foreignOverloadSibling(const clang::FunctionDecl *FD,
                                               const OwnershipPolicy &Policy);

/// Whether D lives (directly or in a nested namespace) in namespace `std`.
bool isInStdNamespace(const clang::Decl *D);

} // namespace dispatch
