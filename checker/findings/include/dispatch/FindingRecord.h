// The portable copy of a Finding: locations as file/line/column/offset,
// fixes as tooling::Replacements, no AST pointers. What dispatch-scan writes
// into its facts, SARIF renders, and dispatch-clangd turns into LSP
// diagnostics and code actions.
#pragma once

#include "dispatch/Finding.h"
#include "dispatch/Location.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Replacement.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dispatch {

/// The file location clang-tidy reports a diagnostic at (macro arguments at
/// their spelling, other macro locations at the expansion), with the path
/// made absolute against WorkingDir.
Location locationOf(clang::SourceLocation L, const clang::SourceManager &SM,
                    llvm::StringRef WorkingDir = {});

struct NoteRecord {
  Location Loc;
  std::string Message;
  NoteRole Role = NoteRole::Context;
};

struct FindingRecord {
  std::string Check;
  WideningKind Kind = WideningKind::ImplicitConversion;
  FindingScope Scope = FindingScope::Declaration;
  Location Loc;     ///< where the warning is
  Location DeclLoc; ///< the declaration it is about
  std::string DeclName;      ///< as a report's "Function Name" column shows it
  std::string QualifiedName; ///< with its scope
  std::string Message;
  std::vector<NoteRecord> Notes;
  /// Edits by absolute file path.
  std::map<std::string, clang::tooling::Replacements> Fixes;
  std::string FixAction;    ///< Finding::FixAction
  unsigned FixRewrites = 0; ///< Finding::FixRewrites
  unsigned ImplicitUses = 0, WonCalls = 0, ViableCalls = 0;
  bool Latent = false; ///< no effect in its TU (Finding::Latent)
};

FindingRecord recordOf(const Finding &F, const clang::SourceManager &SM,
                       const clang::LangOptions &LO, llvm::StringRef WorkingDir = {});

} // namespace dispatch
