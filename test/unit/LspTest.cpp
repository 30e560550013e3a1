// dispatch-clangd's text plumbing: LSP positions count UTF-16 code units,
// Clang counts bytes; incremental edits; URIs; the base-protocol framing.
#include "LspIO.h"
#include "TextDocument.h"

#include <gtest/gtest.h>
#include <unistd.h>

using namespace dispatch::clangd;

TEST(TextDocument, PositionsCountUtf16CodeUnits) {
  // "é" is 2 bytes and 1 UTF-16 unit; "𝑥" is 4 bytes and 2 units.
  std::string T = "a\nxé𝑥b\n";
  size_t B = T.find('b');
  Position P = TextDocument::positionOf(T, B);
  EXPECT_EQ(P.Line, 1u);
  EXPECT_EQ(P.Character, 4u); // x, é, 𝑥 (2)
  EXPECT_EQ(TextDocument::offsetOf(T, P), B);
  EXPECT_EQ(TextDocument::offsetOf(T, {5, 0}), T.size()); // past the end: clamped
  EXPECT_EQ(TextDocument::offsetOf(T, {0, 9}), 1u);       // past the line: its end
}

TEST(TextDocument, AppliesFullAndRangedChanges) {
  TextDocument D;
  D.applyChanges(nlohmann::json::parse(R"([{"text": "int a;\nint b;\n"}])"));
  D.applyChanges(nlohmann::json::parse(
      R"([{"range": {"start": {"line": 1, "character": 4}, "end": {"line": 1, "character": 5}}, "text": "bb"},
          {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "// x\n"}])"));
  EXPECT_EQ(D.Text, "// x\nint a;\nint bb;\n");
}

TEST(TextDocument, FileUris) {
  EXPECT_EQ(pathFromUri("file:///a%20b/c%2B%2B.cpp"), "/a b/c++.cpp");
  EXPECT_EQ(uriFromPath("/a b/c++.cpp"), "file:///a%20b/c%2B%2B.cpp");
  EXPECT_EQ(pathFromUri("untitled:1"), "");
}

TEST(LspIO, FramingRoundTripAndMissingLength) {
  int P[2];
  ASSERT_EQ(pipe(P), 0);
  LspWriter W(P[1]);
  ASSERT_TRUE(W.write(R"({"a":1})"));
  const char Bad[] = "X-Other: 1\r\n\r\n";
  ASSERT_EQ(::write(P[1], Bad, sizeof Bad - 1), ssize_t(sizeof Bad - 1));
  ASSERT_TRUE(W.write(R"({"b":"é"})"));
  close(P[1]);
  LspReader R(P[0]);
  EXPECT_EQ(R.read(), std::optional<std::string>(R"({"a":1})"));
  EXPECT_EQ(R.read(), std::optional<std::string>("")); // no Content-Length
  EXPECT_EQ(R.read(), std::optional<std::string>(R"({"b":"é"})"));
  EXPECT_EQ(R.read(), std::nullopt);
  close(P[0]);
}
