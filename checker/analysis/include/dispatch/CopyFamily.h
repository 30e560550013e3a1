// The names of the generic-copy family (`deepcopy`, `clone`, `copy_to`,
// `share_copy`, ...): glob patterns, so that dispatch-generic-copy and the
// checks that defer to it agree on what a copy function is.
#pragma once

#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/GlobPattern.h"

#include <memory>
#include <string>
#include <vector>

namespace dispatch {

class CopyFamily {
public:
  /// dispatch-generic-copy's default CopyFunctions.
  static constexpr const char *DefaultPatterns =
      "deepcopy;deep_copy;clone;copy;copy_*;clone_*;*_copy;*_clone;deepcopy_*";

  /// Patterns that do not parse are left out and listed in Invalid.
  explicit CopyFamily(const std::vector<std::string> &Patterns,
                      std::vector<std::string> *Invalid = nullptr);
  bool matches(llvm::StringRef Name) const;
  /// A template of the family with the copy shape (isGenericCopyShape):
  /// dispatch-generic-copy's candidate, constraints and ownership aside.
  bool isCopyTemplate(const clang::FunctionTemplateDecl *FTD) const;

private:
  /// GlobPattern refers into the pattern text it was made from: each text
  /// lives on the heap, where moving the family does not move it.
  std::vector<std::unique_ptr<std::string>> Texts;
  std::vector<llvm::GlobPattern> Globs;
};

/// A copy template's shape, constraints aside: namespace scope or static, one
/// required parameter (the object) or two (a source and a destination:
/// `copy_to(src, dst)`), each taking any type (`T`, `const T&`, `T&`, `T&&`)
/// or a pointer to any type (`const T*`); not an iterator range.
bool isGenericCopyShape(const clang::FunctionTemplateDecl *FTD);

} // namespace dispatch
