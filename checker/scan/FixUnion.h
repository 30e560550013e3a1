// One declaration's fix across the translation units that report it: the
// union of their edits, or no fix at all when one unit offers none or two
// edits overlap. The rule dispatch-scan fix applies (ProjectFix.cpp) and the
// facts' per-declaration "fix" records (Facts.cpp), in one place.
#pragma once

#include "clang/Tooling/Core/Replacement.h"

#include <map>
#include <string>

namespace dispatch::scan {

class FixUnion {
public:
  using FileEdits = std::map<std::string, clang::tooling::Replacements>;

  /// One unit's fix; null when that unit offers none. An edit equal to one
  /// seen before is the same edit, not an overlap.
  void add(const FileEdits *Fix);
  /// Still a fix: every unit offered one and no edits overlap.
  bool complete() const { return !Incomplete; }
  /// The union (empty once incomplete).
  const FileEdits &edits() const { return Edits; }
  /// Why it is incomplete: "no fix" or the overlap (empty while complete).
  const std::string &why() const { return Why; }

private:
  FileEdits Edits;
  bool Incomplete = false;
  std::string Why;
};

} // namespace dispatch::scan
