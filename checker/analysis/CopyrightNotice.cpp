#include "dispatch/CopyrightNotice.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace dispatch {

static bool isUpperAscii(char C) { return C >= 'A' && C <= 'Z'; }

/// Line without its comment marks and an SPDX tag, or "" when it is no
/// copyright statement.
static llvm::StringRef statementOf(llvm::StringRef Line) {
  Line = Line.ltrim(" \t/*#;!-|");
  if (Line.starts_with_insensitive("SPDX-FileCopyrightText:"))
    Line = Line.drop_front(sizeof("SPDX-FileCopyrightText:") - 1).ltrim();
  if (!Line.starts_with_insensitive("copyright"))
    return "";
  llvm::StringRef Rest = Line.drop_front(sizeof("copyright") - 1);
  if (Rest.empty() || llvm::isAlnum(Rest.front()))
    return ""; // "copyrighted", "copyrights"
  Rest = Rest.ltrim(" \t:");
  // "(c) 2014", "2014", "©", or a name; not "notice", "holders", "law".
  bool Marked = Rest.starts_with_insensitive("(c)") || Rest.starts_with("\xC2\xA9");
  if (!Marked && !(Rest.size() && (llvm::isDigit(Rest.front()) || isUpperAscii(Rest.front()))))
    return "";
  if (Rest.find_first_of("[<{") != llvm::StringRef::npos)
    return ""; // "Copyright [yyyy] [name of copyright owner]"
  // The holders end with the first sentence ("… Grant. All rights reserved").
  size_t Stop = Rest.find(". ");
  return Rest.take_front(Stop);
}

std::set<std::string> copyrightHolders(llvm::StringRef Text, llvm::ArrayRef<std::string> StopWords) {
  std::set<std::string> Holders;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef S = statementOf(Line.rtrim("\r"));
    while (!S.empty()) {
      size_t Begin = 0;
      while (Begin < S.size() && !llvm::isAlpha(S[Begin]))
        ++Begin;
      size_t End = Begin;
      while (End < S.size() && (llvm::isAlnum(S[End]) || (unsigned char)S[End] >= 0x80))
        ++End;
      llvm::StringRef Word = S.slice(Begin, End);
      S = S.drop_front(End);
      if (Word.size() < 2 || !isUpperAscii(Word.front()))
        continue; // years, "(c)", "and", e-mail addresses
      std::string Lower = Word.lower();
      if (!llvm::is_contained(StopWords, Lower))
        Holders.insert(std::move(Lower));
    }
  }
  return Holders;
}

bool namesOtherHolders(const std::set<std::string> &File, const std::set<std::string> &Project) {
  if (File.empty() || Project.empty())
    return false;
  return llvm::none_of(File, [&](const std::string &W) { return Project.count(W); });
}

} // namespace dispatch
