#include "dispatch/CopyrightNotice.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace dispatch {

static bool isUpperAscii(char C) { return C >= 'A' && C <= 'Z'; }

/// Text without its `<e-mail>` and `<https://...>` parts: a holder's
/// address is no placeholder, and its words name nobody.
static std::string withoutAddresses(llvm::StringRef Text) {
  std::string Out;
  while (!Text.empty()) {
    size_t Open = Text.find('<');
    size_t Close = Open == llvm::StringRef::npos ? Open : Text.find('>', Open);
    if (Close == llvm::StringRef::npos) {
      Out += Text;
      break;
    }
    llvm::StringRef Inside = Text.slice(Open + 1, Close);
    Out += Text.take_front(Open);
    if (!Inside.contains('@') && !Inside.contains("://") && !Inside.starts_with("www."))
      Out += Text.slice(Open, Close + 1); // a placeholder: `<year>`, `<name of author>`
    Text = Text.drop_front(Close + 1);
  }
  return Out;
}

/// Line without its comment marks and an SPDX tag, or "" when it is no
/// copyright statement.
static std::string statementOf(llvm::StringRef Line) {
  Line = Line.ltrim(" \t/*#;!-|");
  llvm::StringRef Rest;
  // REUSE's tag is a notice by itself: `SPDX-FileCopyrightText: 2013-2022
  // Niels Lohmann <https://nlohmann.me>`, with or without a "Copyright".
  bool Tagged = Line.consume_front_insensitive("SPDX-FileCopyrightText:");
  Line = Line.ltrim();
  if (Line.starts_with_insensitive("copyright")) {
    Rest = Line.drop_front(sizeof("copyright") - 1);
    if (Rest.empty() || llvm::isAlnum(Rest.front()))
      return ""; // "copyrighted", "copyrights"
  } else if (Tagged) {
    Rest = Line;
  } else {
    return "";
  }
  Rest = Rest.ltrim(" \t:");
  // "(c) 2014", "2014", "©", or a name; not "notice", "holders", "law".
  bool Marked = Rest.starts_with_insensitive("(c)") || Rest.starts_with("\xC2\xA9");
  if (!Marked && !(Rest.size() && (llvm::isDigit(Rest.front()) || isUpperAscii(Rest.front()))))
    return "";
  std::string Statement = withoutAddresses(Rest);
  if (llvm::StringRef(Statement).find_first_of("[<{") != llvm::StringRef::npos)
    return ""; // "Copyright [yyyy] [name of copyright owner]"
  // The holders end with the first sentence ("… Grant. All rights reserved").
  size_t Stop = llvm::StringRef(Statement).find(". ");
  return llvm::StringRef(Statement).take_front(Stop).str();
}

std::set<std::string> copyrightHolders(llvm::StringRef Text, llvm::ArrayRef<std::string> StopWords) {
  std::set<std::string> Holders;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    std::string Statement = statementOf(Line.rtrim("\r"));
    // A holder who writes their name in lower case (`Copyright (c) 2017
    // yohhoy`, vendored in LightGBM) is named by the statement's words when
    // none of them is capitalised.
    bool AnyCapital = false;
    for (size_t I = 0; I < Statement.size(); ++I)
      if (isUpperAscii(Statement[I]) && (I == 0 || !llvm::isAlnum(Statement[I - 1])) &&
          I + 1 < Statement.size() && llvm::isAlnum(Statement[I + 1])) // not "(C)"
        AnyCapital = true;
    llvm::StringRef S = Statement;
    while (!S.empty()) {
      size_t Begin = 0;
      while (Begin < S.size() && !llvm::isAlpha(S[Begin]))
        ++Begin;
      size_t End = Begin;
      while (End < S.size() && (llvm::isAlnum(S[End]) || (unsigned char)S[End] >= 0x80))
        ++End;
      llvm::StringRef Word = S.slice(Begin, End);
      S = S.drop_front(End);
      if (Word.size() < 2 || (AnyCapital && !isUpperAscii(Word.front())))
        continue; // years, "(c)", "and", e-mail addresses
      std::string Lower = Word.lower();
      if (!llvm::is_contained(StopWords, Lower))
        Holders.insert(std::move(Lower));
    }
  }
  return Holders;
}

bool refersToRootLicence(llvm::StringRef Text, llvm::ArrayRef<std::string> LicenceFiles) {
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  // A sentence may wrap: a line and the next one are read together.
  for (size_t I = 0; I < Lines.size(); ++I) {
    std::string Both = Lines[I].str() + " " + (I + 1 < Lines.size() ? Lines[I + 1].str() : "");
    llvm::StringRef S(Both);
    bool AtRoot = S.contains_insensitive("root") || S.contains_insensitive("top-level") ||
                  S.contains_insensitive("top level");
    if (!AtRoot)
      continue;
    for (const std::string &Name : LicenceFiles) {
      // The name as a word: "LICENSE file", not "LICENSED" or "sublicense".
      for (size_t At = S.find(Name); At != llvm::StringRef::npos; At = S.find(Name, At + 1)) {
        size_t End = At + Name.size();
        if ((At == 0 || !llvm::isAlnum(S[At - 1])) && (End == S.size() || !llvm::isAlnum(S[End])))
          return true;
      }
    }
  }
  return false;
}

bool namesOtherHolders(const std::set<std::string> &File, const std::set<std::string> &Project) {
  if (File.empty() || Project.empty())
    return false;
  return llvm::none_of(File, [&](const std::string &W) { return Project.count(W); });
}

} // namespace dispatch
