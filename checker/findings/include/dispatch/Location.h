// A place in a source file, as every portable output names it (facts,
// reports, SARIF, LSP). Plain data: no Clang needed to use it.
#pragma once

#include <string>

namespace dispatch {

/// A place in a file: the path as the compiler opened it (absolute once
/// recorded), 1-based line and column, 0-based byte offset.
struct Location {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned Offset = 0;

  bool valid() const { return !File.empty() && Line > 0; }
  /// "file:line:col", for messages and tables.
  std::string str() const;
  bool operator==(const Location &O) const {
    return File == O.File && Line == O.Line && Column == O.Column;
  }
};

} // namespace dispatch
