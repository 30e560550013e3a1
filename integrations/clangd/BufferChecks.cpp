#include "BufferChecks.h"

#include "CheckRunner.h"
#include "ClangDatabase.h"

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

json rangeJson(const std::string &Text, size_t Begin, size_t End) {
  Position S = TextDocument::positionOf(Text, Begin), E = TextDocument::positionOf(Text, End);
  return {{"start", {{"line", S.Line}, {"character", S.Character}}},
          {"end", {{"line", E.Line}, {"character", E.Character}}}};
}

/// The warning's range: its location to the end of the token there.
size_t tokenEnd(const std::string &Text, size_t Offset) {
  size_t I = Offset;
  while (I < Text.size() && (std::isalnum(static_cast<unsigned char>(Text[I])) || Text[I] == '_'))
    ++I;
  return I == Offset ? std::min(Text.size(), Offset + 1) : I;
}

} // namespace

CompilationDatabase *BufferChecker::databaseFor(const std::string &Path) {
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
        return It->second.get();
      continue;
    }
    std::string Error;
    std::unique_ptr<CompilationDatabase> DB;
    if (llvm::sys::fs::exists(D + "/compile_commands.json"))
      DB = scan::loadClangDatabase(D, "", Error); // nvcc entries translated
    // Headers and new files borrow the command of a similar file.
    if (DB)
      DB = inferMissingCompileCommands(std::move(DB));
    auto *Raw = DB.get();
    Databases[D] = std::move(DB);
    if (Raw)
      return Raw;
  }
  return nullptr;
}

CompileCommand BufferChecker::commandFor(const std::string &Path) {
  if (CompilationDatabase *DB = databaseFor(Path)) {
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
  CompileCommand Cmd = commandFor(Doc.Path);
  if (scan::isNvccCommand(Cmd))
    return {}; // untranslatable (python3 missing): nothing rather than noise
  scan::CheckRunner Runner({});
  scan::CheckRun Run{Cmd, {}, LlvmRoot, Doc.Text};
  if (llvm::StringRef(Doc.Path).endswith(".cu"))
    Run.ExtraArgs.push_back("--cuda-host-only"); // the side an editor shows
  Runner.runOn(Run);

  std::string Self = normalise(Doc.Path, "");
  std::vector<BufferFinding> Out;
  for (const tidy::ClangTidyError &E : Runner.errors()) {
    if (!llvm::StringRef(E.DiagnosticName).startswith("dispatch-"))
      continue;
    if (normalise(E.Message.FilePath, E.BuildDirectory) != Self)
      continue; // warnings about headers belong to the headers' own buffers
    BufferFinding F;
    size_t Begin = E.Message.FileOffset;
    // Positions in another file are computed from that file on disk.
    auto TextOf = [&](const std::string &Path) -> std::optional<std::string> {
      if (Path == Self)
        return Doc.Text;
      auto Buf = llvm::MemoryBuffer::getFile(Path);
      if (!Buf)
        return std::nullopt;
      return (*Buf)->getBuffer().str();
    };
    json Related = json::array();
    for (const auto &Note : E.Notes) {
      std::string NotePath = normalise(Note.FilePath, E.BuildDirectory);
      std::optional<std::string> NoteText = NotePath.empty() ? std::nullopt : TextOf(NotePath);
      if (!NoteText)
        continue;
      Related.push_back({{"location",
                          {{"uri", uriFromPath(NotePath)},
                           {"range", rangeJson(*NoteText, Note.FileOffset,
                                               tokenEnd(*NoteText, Note.FileOffset))}}},
                         {"message", Note.Message}});
    }
    F.Diagnostic = {{"range", rangeJson(Doc.Text, Begin, tokenEnd(Doc.Text, Begin))},
                    {"severity", 2},
                    {"code", E.DiagnosticName},
                    {"source", "dispatch-tidy"},
                    {"message", E.Message.Message}};
    if (!Related.empty())
      F.Diagnostic["relatedInformation"] = Related;
    json Changes = json::object();
    for (const auto &[File, Replacements] : E.Message.Fix) {
      std::string FixPath = normalise(File.str(), E.BuildDirectory);
      std::optional<std::string> FixText = TextOf(FixPath);
      if (!FixText)
        continue;
      json Edits = json::array();
      for (const auto &R : Replacements)
        Edits.push_back({{"range", rangeJson(*FixText, R.getOffset(), R.getOffset() + R.getLength())},
                         {"newText", R.getReplacementText().str()}});
      Changes[uriFromPath(FixPath)] = Edits;
    }
    if (!Changes.empty()) {
      F.Edit = {{"changes", Changes}};
      F.Title = "Apply dispatch-tidy fix (" + E.DiagnosticName + ")";
    }
    Out.push_back(std::move(F));
  }
  return Out;
}

} // namespace dispatch::clangd
