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
  /// Fully qualified namespaces the project owns wherever they are declared
  /// ("gnn", "gnn::detail").
  std::vector<std::string> OwnedNamespaces;
};

class OwnershipPolicy {
public:
  explicit OwnershipPolicy(OwnershipOptions Opts) : Opts(std::move(Opts)) {}

  /// A location in a file of the project (not a system header, not vendored,
  /// under a source root when roots are configured).
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

private:
  bool isInOwnedNamespace(const clang::Decl *D) const;
  OwnershipOptions Opts;
};

/// Whether D lives (directly or in a nested namespace) in namespace `std`.
bool isInStdNamespace(const clang::Decl *D);

} // namespace dispatch
