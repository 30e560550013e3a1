#include "ProjectFix.h"

#include "CompilationDatabase.h"
#include "FactCollector.h"
#include "FixUnion.h"
#include "ParallelRunner.h"
#include "ScanUnits.h"
#include "TuRunner.h"
#include "dispatch/Finding.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>
#include <tuple>

namespace dispatch::scan {

using clang::tooling::Replacement;
using clang::tooling::Replacements;

namespace {

/// A finding as one TU reported it: the diagnostic's identity and its fix
/// (edits by absolute real path).
struct Reported {
  std::string Check, File, Message;
  unsigned Offset = 0;
  bool HasFix = false;
  /// Shown only with ReportLatent in this TU: its fix still carries the
  /// rewrites of this TU's uses, which a declaration fixed because another
  /// TU shows its effect needs (a conversion's own uses).
  bool Latent = false;
  FixUnion::FileEdits Edits;
};

/// One TU's part: whether it compiled, and its dispatch-* findings.
struct UnitResult {
  bool Crashed = false;
  unsigned CompileErrors = 0;
  std::string FirstError;
  std::vector<Reported> Found;
};

/// A finding across TUs: its fix merged over them (FixUnion), and the TUs
/// that reported it without a fix (one is enough to leave it unfixed).
struct Merged {
  std::string Check, File, Message;
  unsigned Offset = 0;
  FixUnion Fix;
  std::vector<std::string> NoFixIn;
  bool Effective = false; ///< shown by default in at least one TU
};

/// Diagnostics carry paths as the compiler opened them (relative to the
/// compilation's directory when the command was): one spelling per file.
std::string realPath(llvm::StringRef Path, llvm::StringRef BuildDir) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P)) {
    llvm::SmallString<256> Abs(BuildDir);
    llvm::sys::path::append(Abs, P);
    P = Abs;
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(P, Real))
    return Real.str().str();
  return P.str().str();
}

std::string labelOf(const Unit &U, const PathMapper &Paths) {
  std::string L = Paths.map(U.Command.Filename, U.Command.Directory);
  return U.Pass.empty() ? L : L + " (" + U.Pass + ")";
}

/// 1-based line of Offset in the file's text (unsaved text when it has one).
unsigned lineOf(const std::string &File, unsigned Offset,
                const std::map<std::string, std::string> &Unsaved) {
  std::string Text;
  if (auto It = Unsaved.find(File); It != Unsaved.end())
    Text = It->second;
  else if (auto Buf = llvm::MemoryBuffer::getFile(File))
    Text = (*Buf)->getBuffer().str();
  return 1 + std::count(Text.begin(), Text.begin() + std::min<size_t>(Offset, Text.size()), '\n');
}

std::string firstError(const std::vector<clang::tidy::ClangTidyError> &Diags, const PathMapper &Paths,
                       const std::map<std::string, std::string> &Unsaved) {
  for (const auto &D : Diags) {
    if (D.DiagLevel != clang::tooling::Diagnostic::Error)
      continue;
    const auto &M = D.Message;
    if (M.FilePath.empty())
      return M.Message;
    std::string File = realPath(M.FilePath, D.BuildDirectory);
    return Paths.map(File, "") + ":" + std::to_string(lineOf(File, M.FileOffset, Unsaved)) + ": " +
           M.Message;
  }
  return "";
}

/// Runs Work over Units in parallel; a crashed unit is marked, never lost.
std::vector<UnitResult> runUnits(const std::vector<Unit> &Units, unsigned Jobs,
                                 const std::function<UnitResult(const Unit &)> &Work) {
  std::vector<UnitResult> Results(Units.size());
  driver::runInParallel(
      Units.size(), Jobs, [&](size_t I) { Results[I] = Work(Units[I]); },
      [&](size_t I, bool Ok) {
        if (!Ok) {
          Results[I] = UnitResult();
          Results[I].Crashed = true;
        }
      });
  return Results;
}

/// The dispatch-* findings of one TU with the fix clang-tidy would apply.
UnitResult findFixes(const Unit &U, const FixOptions &O, const PathMapper &Paths) {
  driver::TuRunner Runner({O.Checks, /*KeepLatent=*/true});
  UnitResult R;
  int Status = Runner.run(commandFor(U, O.ExtraArgs, O.LlvmRoot));
  R.CompileErrors = std::max(Runner.compileErrors(), unsigned(Status != 0));
  R.FirstError = firstError(Runner.diagnostics(), Paths, {});
  for (const auto &D : Runner.diagnostics()) {
    if (!llvm::StringRef(D.DiagnosticName).starts_with("dispatch-"))
      continue;
    Reported F;
    F.Check = D.DiagnosticName;
    F.File = realPath(D.Message.FilePath, D.BuildDirectory);
    F.Offset = D.Message.FileOffset;
    F.Message = D.Message.Message;
    F.Latent = llvm::any_of(D.Notes, [](const clang::tooling::DiagnosticMessage &N) {
      return llvm::StringRef(N.Message).starts_with(LatentNotePrefix);
    });
    if (const llvm::StringMap<Replacements> *Fix = clang::tooling::selectFirstFix(D)) {
      F.HasFix = true;
      for (const auto &PerFile : *Fix)
        for (const Replacement &Rep : PerFile.second) {
          std::string File = realPath(Rep.getFilePath(), D.BuildDirectory);
          llvm::consumeError(F.Edits[File].add(Replacement(File, Rep.getOffset(), Rep.getLength(),
                                                           Rep.getReplacementText())));
        }
    }
    R.Found.push_back(std::move(F));
  }
  return R;
}

/// Whether the TU compiles with the edited files in place of the files.
UnitResult compileWith(const Unit &U, const FixOptions &O, const PathMapper &Paths,
                       const std::map<std::string, std::string> &Unsaved) {
  driver::TuRunner Runner({"-*", /*KeepLatent=*/false}); // compiling, no checks
  driver::TuCommand Run = commandFor(U, O.ExtraArgs, O.LlvmRoot);
  Run.Unsaved.assign(Unsaved.begin(), Unsaved.end());
  UnitResult R;
  int Status = Runner.run(Run);
  R.CompileErrors = std::max(Runner.compileErrors(), unsigned(Status != 0));
  R.FirstError = firstError(Runner.diagnostics(), Paths, Unsaved);
  return R;
}

/// Tries to add all of a finding's edits to Accepted; all or none.
bool acceptAll(const Merged &M, FixUnion::FileEdits &Accepted, std::string &Why) {
  FixUnion Tentative;
  Tentative.add(&Accepted);
  Tentative.add(&M.Fix.edits());
  if (!Tentative.complete()) {
    Why = Tentative.why();
    return false;
  }
  Accepted = Tentative.edits();
  return true;
}

unsigned editCount(const FixUnion::FileEdits &Edits) {
  unsigned N = 0;
  for (const auto &[File, Reps] : Edits)
    N += Reps.size();
  return N;
}

} // namespace

llvm::Expected<FixOutcome> fixProject(const FixOptions &O, llvm::raw_ostream &Log) {
  auto DB = driver::loadCompilationDatabase(O.BuildDir);
  if (!DB)
    return DB.takeError();
  llvm::SmallString<256> Root(O.Root.empty() ? "." : O.Root);
  llvm::sys::fs::make_absolute(Root);
  llvm::sys::path::remove_dots(Root, true);
  llvm::SmallString<256> RealRoot;
  PathMapper Paths(llvm::sys::fs::real_path(Root, RealRoot) ? Root.str().str() : RealRoot.str().str());

  // 1. The fixes every selected TU offers.
  std::vector<Unit> Units = selectUnits(**DB, O.Files, O.Filter);
  std::vector<UnitResult> Found =
      runUnits(Units, O.Jobs, [&](const Unit &U) { return findFixes(U, O, Paths); });
  for (size_t I = 0; I < Units.size(); ++I) {
    if (Found[I].Crashed)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "%s: crashed while checking; its uses are unknown, nothing "
                                     "is fixed",
                                     labelOf(Units[I], Paths).c_str());
    if (Found[I].CompileErrors)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "%s does not compile before any fix (%s); nothing is fixed",
                                     labelOf(Units[I], Paths).c_str(), Found[I].FirstError.c_str());
  }

  // 2. One finding per declaration diagnostic, its edits merged across TUs.
  std::map<std::tuple<std::string, unsigned, std::string>, Merged> ByFinding; // file order
  for (size_t I = 0; I < Units.size(); ++I)
    for (const Reported &F : Found[I].Found) {
      Merged &M = ByFinding[{F.File, F.Offset, F.Check}];
      M.Check = F.Check, M.File = F.File, M.Offset = F.Offset, M.Message = F.Message;
      M.Effective |= !F.Latent;
      if (!F.HasFix)
        M.NoFixIn.push_back(labelOf(Units[I], Paths));
      M.Fix.add(F.HasFix ? &F.Edits : nullptr);
    }

  FixOutcome Out;
  std::map<std::string, Replacements> Accepted;
  for (auto &[Key, M] : ByFinding) {
    if (!M.Effective)
      continue; // latent in every TU: not a finding the default run shows
    std::string Where = Paths.map(M.File, "") + ":" + std::to_string(lineOf(M.File, M.Offset, {}));
    std::string Why;
    if (!M.NoFixIn.empty())
      Why = "no automatic fix in " + M.NoFixIn.front() +
            (M.NoFixIn.size() > 1 ? " and " + std::to_string(M.NoFixIn.size() - 1) + " more" : "");
    else if (!M.Fix.complete())
      Why = "its edits in two translation units overlap (" + M.Fix.why() + ")";
    else if (M.Fix.edits().empty())
      Why = "no edit";
    else if (!acceptAll(M, Accepted, Why))
      Why = "its edits overlap another fix's (" + Why + ")";
    if (!Why.empty()) {
      ++Out.NotFixed;
      Log << "not fixed: " << Where << ": " << M.Message << " [" << M.Check << "]: " << Why << "\n";
      continue;
    }
    unsigned Edits = editCount(M.Fix.edits()), Files = M.Fix.edits().size();
    ++Out.Fixed;
    Log << "fix: " << Where << ": " << M.Message << " [" << M.Check << "]: " << Edits << " edit"
        << (Edits == 1 ? "" : "s") << " in " << Files << " file" << (Files == 1 ? "" : "s") << "\n";
  }
  if (Accepted.empty()) {
    Log << "dispatch-scan fix: nothing to fix (" << Units.size() << " translation units checked)\n";
    return Out;
  }

  // 3. The edited files, in memory.
  std::map<std::string, std::string> Edited;
  for (const auto &[File, Reps] : Accepted) {
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf)
      return llvm::createStringError(Buf.getError(), "%s: %s", File.c_str(),
                                     Buf.getError().message().c_str());
    auto Text = clang::tooling::applyAllReplacements((*Buf)->getBuffer(), Reps);
    if (!Text)
      return Text.takeError();
    Edited[File] = std::move(*Text);
  }
  Out.FilesChanged = Edited.size();

  // 4. Every TU of the database compiles with them, or nothing is written.
  std::vector<Unit> All = selectUnits(**DB, {}, "");
  std::vector<UnitResult> Check =
      runUnits(All, O.Jobs, [&](const Unit &U) { return compileWith(U, O, Paths, Edited); });
  for (size_t I = 0; I < All.size(); ++I)
    if (Check[I].Crashed || Check[I].CompileErrors) {
      Out.Compiles = false;
      Log << "dispatch-scan fix: with the fixes, " << labelOf(All[I], Paths)
          << (Check[I].Crashed ? " crashes the compiler" : " does not compile: " + Check[I].FirstError)
          << "\n";
    }
  if (!Out.Compiles) {
    Log << "dispatch-scan fix: nothing written (the fixes would break the build)\n";
    return Out;
  }
  Log << "dispatch-scan fix: " << All.size() << " translation units compile with the fixes ("
      << Edited.size() << " files)\n";
  if (O.DryRun) {
    Log << "dispatch-scan fix: --dry-run: nothing written\n";
    return Out;
  }
  for (const auto &[File, Text] : Edited) {
    // Written whole to a temporary file, then renamed over the original,
    // whose permissions it keeps.
    auto Perms = llvm::sys::fs::getPermissions(File);
    if (llvm::Error E = llvm::writeToOutput(File, [&](llvm::raw_ostream &OS) {
          OS << Text;
          return llvm::Error::success();
        }))
      return std::move(E);
    if (Perms)
      llvm::sys::fs::setPermissions(File, *Perms);
    Log << "wrote " << Paths.map(File, "") << "\n";
  }
  Out.Written = true;
  return Out;
}

} // namespace dispatch::scan
