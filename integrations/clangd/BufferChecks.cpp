#include "BufferChecks.h"

#include "CompilationDatabase.h"
#include "TuRunner.h"

#include "dispatch/FindingRecord.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cctype>
#include <optional>

namespace dispatch::clangd {

using namespace clang;
using namespace clang::tooling;
using nlohmann::json;

namespace {

std::string normalise(llvm::StringRef Path, llvm::StringRef Dir) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P) && !Dir.empty()) {
    llvm::SmallString<256> Abs(Dir);
    llvm::sys::path::append(Abs, P);
    P = Abs;
  }
  llvm::sys::path::remove_dots(P, true);
  return P.str().str();
}

/// The warning's range: its location to the end of the token there.
size_t tokenEnd(const std::string &Text, size_t Offset) {
  size_t I = Offset;
  while (I < Text.size() && (std::isalnum(static_cast<unsigned char>(Text[I])) || Text[I] == '_'))
    ++I;
  return I == Offset ? std::min(Text.size(), Offset + 1) : I;
}

} // namespace

std::pair<CompilationDatabase *, std::string> BufferChecker::databaseFor(const std::string &Path) {
  std::vector<std::string> Dirs;
  if (!CompileCommandsDir.empty()) {
    Dirs.push_back(CompileCommandsDir);
  } else {
    for (llvm::StringRef D = llvm::sys::path::parent_path(Path); !D.empty();
         D = llvm::sys::path::parent_path(D)) {
      Dirs.push_back(D.str());
      Dirs.push_back((D + "/build").str());
    }
  }
  for (const std::string &D : Dirs) {
    auto It = Databases.find(D);
    if (It != Databases.end()) {
      if (It->second)
        return {It->second.get(), D};
      continue;
    }
    std::unique_ptr<CompilationDatabase> DB;
    if (llvm::sys::fs::exists(D + "/compile_commands.json")) {
      auto Loaded = driver::loadCompilationDatabase(D); // nvcc entries translated
      if (Loaded)
        DB = std::move(*Loaded);
      else
        llvm::errs() << "dispatch-clangd: " << llvm::toString(Loaded.takeError()) << "\n";
    }
    // Headers and new files borrow the command of a similar file.
    if (DB)
      DB = inferMissingCompileCommands(std::move(DB));
    auto *Raw = DB.get();
    Databases[D] = std::move(DB);
    if (Raw)
      return {Raw, D};
  }
  return {nullptr, ""};
}

CompileCommand BufferChecker::commandFor(const std::string &Path) {
  if (CompilationDatabase *DB = databaseFor(Path).first) {
    auto Cs = DB->getCompileCommands(Path);
    if (!Cs.empty())
      return Cs.front();
  }
  CompileCommand C;
  C.Directory = llvm::sys::path::parent_path(Path).str();
  C.Filename = Path;
  C.CommandLine = {"clang++", "-std=c++17", "-fsyntax-only", Path};
  return C;
}

std::vector<BufferFinding> BufferChecker::check(const TextDocument &Doc) {
  CompileCommand Cmd = commandFor(Doc.Path); // nvcc commands arrive translated
  driver::TuRunner Runner({});
  driver::TuCommand Run{Cmd, {}, LlvmRoot, {{Cmd.Filename, Doc.Text}}};
  if (llvm::StringRef(Doc.Path).ends_with(".cu"))
    Run.ExtraArgs.push_back("--cuda-host-only"); // the side an editor shows
  std::vector<FindingRecord> Records;
  Runner.run(Run, [&](clang::ASTContext &Ctx, const std::vector<const Finding *> &Found,
                      llvm::StringRef Dir) {
    for (const Finding *F : Found)
      Records.push_back(recordOf(*F, Ctx.getSourceManager(), Ctx.getLangOpts(), Dir));
  });

  std::string Self = normalise(Doc.Path, "");
  // Positions in another file are computed from that file on disk.
  auto TextOf = [&](const std::string &Path) -> std::optional<std::string> {
    if (Path == Self)
      return Doc.Text;
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    if (!Buf)
      return std::nullopt;
    return (*Buf)->getBuffer().str();
  };
  std::string Facts = FactsPath;
  if (Facts.empty())
    if (std::string Dir = databaseFor(Doc.Path).second; !Dir.empty())
      Facts = Dir + "/dispatch-facts.json";
  bool HaveScan = !Facts.empty() && Scan.load(Facts);
  std::vector<BufferFinding> Out;
  for (const FindingRecord &R : Records) {
    if (R.Loc.File != Self)
      continue; // warnings about headers belong to the headers' own buffers
    BufferFinding F;
    json Related = json::array();
    for (const NoteRecord &Note : R.Notes) {
      std::optional<std::string> NoteText =
          Note.Loc.File.empty() ? std::nullopt : TextOf(Note.Loc.File);
      if (!NoteText)
        continue;
      Related.push_back({{"location",
                          {{"uri", uriFromPath(Note.Loc.File)},
                           {"range", TextDocument::rangeOf(*NoteText, Note.Loc.Offset,
                                               tokenEnd(*NoteText, Note.Loc.Offset))}}},
                         {"message", Note.Message}});
    }
    F.Diagnostic = {{"range", TextDocument::rangeOf(Doc.Text, R.Loc.Offset, tokenEnd(Doc.Text, R.Loc.Offset))},
                    {"severity", 2},
                    {"code", R.Check},
                    {"source", "dispatch-tidy"},
                    {"message", R.Message}};
    if (!Related.empty())
      F.Diagnostic["relatedInformation"] = Related;
    json Changes = json::object();
    for (const auto &[File, Replacements] : R.Fixes) {
      std::optional<std::string> FixText = TextOf(File);
      if (!FixText)
        continue;
      json Edits = json::array();
      for (const auto &Rep : Replacements)
        Edits.push_back(
            {{"range", TextDocument::rangeOf(*FixText, Rep.getOffset(), Rep.getOffset() + Rep.getLength())},
             {"newText", Rep.getReplacementText().str()}});
      Changes[uriFromPath(File)] = Edits;
    }
    if (!Changes.empty()) {
      F.Edit = {{"changes", Changes}};
      F.Title = fixTitle(R.FixAction.empty() ? "apply the " + R.Check + " fix" : R.FixAction, R.FixRewrites);
      // Other files use the declaration: this buffer's fix alone would
      // leave them broken; the scan's fix edits them all.
      if (std::optional<ProjectWideFix> All = HaveScan ? Scan.fixFor(R, Doc.Path, Doc.Text) : std::nullopt) {
        F.Title += " (this file only; " + std::to_string(All->OtherFiles) +
                   (All->OtherFiles == 1 ? " other file uses it)" : " other files use it)");
        F.ProjectEdit = std::move(All->Edit);
        F.ProjectTitle = std::move(All->Title);
      }
    }
    Out.push_back(std::move(F));
  }
  return Out;
}

} // namespace dispatch::clangd
