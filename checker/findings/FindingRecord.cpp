#include "dispatch/FindingRecord.h"

#include "dispatch/DiagnosticText.h"

#include "llvm/Support/Path.h"

namespace dispatch {

Location locationOf(clang::SourceLocation L, const clang::SourceManager &SM,
                    llvm::StringRef WorkingDir) {
  Location Out;
  if (L.isInvalid())
    return Out;
  L = SM.getFileLoc(L); // as clang's diagnostic renderer places it
  llvm::StringRef Name = SM.getFilename(L);
  if (Name.empty())
    return Out; // <built-in>, <scratch space>
  llvm::SmallString<256> Path(Name);
  if (!llvm::sys::path::is_absolute(Path) && !WorkingDir.empty()) {
    llvm::SmallString<256> Abs(WorkingDir);
    llvm::sys::path::append(Abs, Path);
    Path = Abs;
  }
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  Out.File = Path.str().str();
  Out.Line = SM.getSpellingLineNumber(L);
  Out.Column = SM.getSpellingColumnNumber(L);
  Out.Offset = SM.getFileOffset(L);
  return Out;
}

FindingRecord recordOf(const Finding &F, const clang::SourceManager &SM,
                       const clang::LangOptions &LO, llvm::StringRef WorkingDir) {
  FindingRecord R;
  R.Check = F.Check;
  R.Kind = F.Kind;
  R.Scope = F.Scope;
  R.Loc = locationOf(F.Loc, SM, WorkingDir);
  if (F.Decl) {
    R.DeclLoc = locationOf(F.Decl->getLocation(), SM, WorkingDir);
    R.DeclName = nameOf(F.Decl);
    R.QualifiedName = qualifiedNameOf(F.Decl);
  }
  R.Message = F.Message;
  for (const FindingNote &N : F.Notes)
    R.Notes.push_back({locationOf(N.Loc, SM, WorkingDir), N.Message, N.Role});
  for (const clang::FixItHint &H : F.Fixes) {
    clang::tooling::Replacement Rep(SM, H.RemoveRange, H.CodeToInsert, LO);
    llvm::SmallString<256> Path(Rep.getFilePath());
    if (!llvm::sys::path::is_absolute(Path) && !WorkingDir.empty()) {
      llvm::SmallString<256> Abs(WorkingDir);
      llvm::sys::path::append(Abs, Path);
      Path = Abs;
    }
    llvm::sys::path::remove_dots(Path, true);
    clang::tooling::Replacement Abs(Path, Rep.getOffset(), Rep.getLength(),
                                    Rep.getReplacementText());
    // Overlapping edits cannot happen within one finding's fix (the checks
    // build them from distinct sites); an error here would be a check bug.
    llvm::consumeError(R.Fixes[Path.str().str()].add(Abs));
  }
  R.FixAction = F.FixAction;
  R.FixRewrites = F.FixRewrites;
  R.ImplicitUses = F.ImplicitUses;
  R.WonCalls = F.WonCalls;
  R.Latent = F.Latent;
  R.ViableCalls = F.ViableCalls;
  return R;
}

} // namespace dispatch
