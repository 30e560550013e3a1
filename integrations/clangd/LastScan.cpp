#include "LastScan.h"

#include "FileTime.h"
#include "TextDocument.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <iostream>
#include <map>

namespace dispatch::clangd {

using nlohmann::json;

/// One spelling per file: the real path when it exists.
static std::string canonical(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return Real.str().str();
  llvm::SmallString<256> P(Path);
  llvm::sys::path::remove_dots(P, true);
  return P.str().str();
}

bool LastScan::load(const std::string &P) {
  auto Time = modificationTime(P);
  if (!Time) {
    Facts.reset();
    return false;
  }
  if (Facts && P == Path && *Time == Read)
    return true;
  Path = P;
  Read = *Time;
  auto Loaded = scan::Facts::read(P);
  if (!Loaded) {
    std::string Why = llvm::toString(Loaded.takeError());
    if (Why != Complained)
      std::cerr << "dispatch-clangd: the last scan is not usable: " << Why << "\n";
    Complained = Why;
    Facts.reset();
    return false;
  }
  Facts = std::move(*Loaded);
  return true;
}

std::optional<ProjectWideFix> LastScan::fixFor(const FindingRecord &R, const std::string &BufferPath,
                                               const std::string &BufferText) const {
  if (!Facts)
    return std::nullopt;
  auto Abs = [&](const std::string &File) {
    if (llvm::sys::path::is_absolute(File) || Facts->Root.empty())
      return canonical(File);
    return canonical(Facts->Root + "/" + File);
  };
  std::string Warned = canonical(R.Loc.File), Buffer = canonical(BufferPath);
  const scan::DeclarationFact *Found = nullptr;
  for (const scan::DeclarationFact &D : Facts->Declarations)
    if (D.check() == R.Check && D.loc().Line == R.Loc.Line && D.loc().Column == R.Loc.Column &&
        Abs(D.loc().File) == Warned) {
      Found = &D;
      break;
    }
  if (!Found || Found->FixIncomplete || Found->Finding.Fixes.empty())
    return std::nullopt;

  ProjectWideFix Fix;
  json Changes = json::object();
  for (const auto &[File, Reps] : Found->Finding.Fixes) {
    std::string Target = Abs(File);
    auto Changed = modificationTime(Target);
    if (!Changed || *Changed > Read)
      return std::nullopt; // edited since the scan: its offsets may be stale
    std::string Text;
    if (Target == Buffer) {
      Text = BufferText;
    } else {
      auto Buf = llvm::MemoryBuffer::getFile(Target);
      if (!Buf)
        return std::nullopt;
      Text = (*Buf)->getBuffer().str();
      ++Fix.OtherFiles;
    }
    json Edits = json::array();
    for (const clang::tooling::Replacement &Rep : Reps) {
      if (Rep.getOffset() + Rep.getLength() > Text.size())
        return std::nullopt;
      Edits.push_back(
          {{"range", TextDocument::rangeOf(Text, Rep.getOffset(), Rep.getOffset() + Rep.getLength())},
           {"newText", Rep.getReplacementText().str()}});
    }
    Changes[uriFromPath(Target)] = std::move(Edits);
  }
  if (Fix.OtherFiles == 0)
    return std::nullopt; // the buffer's own fix is the whole fix
  // The buffer must be the file the scan read.
  if (auto Disk = llvm::MemoryBuffer::getFile(Buffer); !Disk || (*Disk)->getBuffer() != BufferText)
    return std::nullopt;
  Fix.Edit = {{"changes", std::move(Changes)}};
  std::string Action = Found->Finding.FixAction.empty() ? "apply the " + R.Check + " fix"
                                                        : Found->Finding.FixAction;
  Fix.Title = Action + " and rewrite the uses in " + std::to_string(Fix.OtherFiles) +
              (Fix.OtherFiles == 1 ? " other file" : " other files");
  return Fix;
}

} // namespace dispatch::clangd
