#include "TestAST.h"

#include "dispatch/CandidateViability.h"
#include "dispatch/HijackAnalysis.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace dispatch;
using namespace dispatch::test;

namespace {

const char *Code = R"cpp(
namespace gnn {
struct Graph {};
struct GNNGraph : Graph {};
struct Unrelated {};
Graph deepcopy(const Graph &g);
template <class T> T deepcopy(const T &x) { return x; }
double scale(double);
template <class T> T scale(T x) { return x; }
void mutate(Graph &);
template <class T> void same(T, T) {}
void calls() {
  GNNGraph g;
  deepcopy(g);        // 0: hijacked (derived-to-base)
  deepcopy(Graph{});  // 1: non-template exact
  scale(1.0f);        // 2: hijacked (promotion)
  scale(1);           // 3: hijacked (conversion)
  deepcopy(Unrelated{}); // 4: no specific overload viable
  same(1, 2);
}
}
namespace other {
struct Node {};
template <class T> void visit(const T &) {}
}
void outside() { other::Node n; visit(n); }
)cpp";

TEST(CandidateViability, RanksNonTemplateCandidates) {
  Parsed P = parse(Code);
  const FunctionDecl *Specific = nullptr;
  for (const NamedDecl *D : P.all("gnn::deepcopy"))
    if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && !FD->getDescribedFunctionTemplate() &&
                                                    !FD->isTemplateInstantiation())
      Specific = FD;
  ASSERT_NE(Specific, nullptr);
  auto rank = [&](unsigned Nth) {
    auto Args = callArguments(P.call("deepcopy", Nth));
    return rankNonTemplate(Specific, Args, false);
  };
  EXPECT_EQ(rank(0), MatchRank::DerivedToBase);
  EXPECT_EQ(rank(1), MatchRank::Exact);
  EXPECT_EQ(rank(2), MatchRank::NotViable);
}

TEST(CandidateViability, TemplateAcceptsAnythingConsistently) {
  Parsed P = parse(Code);
  const auto *Same = P.find<FunctionTemplateDecl>("gnn::same");
  auto Args = callArguments(P.call("same"));
  EXPECT_TRUE(templateAccepts(Same, Args));
  // Same template, arguments of two different types: deduction fails.
  auto Mixed = callArguments(P.call("deepcopy", 0));
  Mixed.push_back(callArguments(P.call("scale", 0))[0]);
  EXPECT_FALSE(templateAccepts(Same, Mixed));
}

TEST(CandidateViability, VisibilityThroughADL) {
  Parsed P = parse(Code);
  const CallExpr *Call = P.call("visit");
  ASSERT_NE(Call, nullptr);
  const auto *Visit = P.find<FunctionTemplateDecl>("other::visit");
  auto Args = callArguments(Call);
  EXPECT_TRUE(isVisibleAt(Visit->getTemplatedDecl(), Call, Args, enclosingCaller(Call, P.ctx()),
                          P.ctx()));
  // Without an argument from namespace other it would not be found.
  const CallExpr *Same = P.call("same");
  EXPECT_FALSE(isVisibleAt(Visit->getTemplatedDecl(), Same, callArguments(Same),
                           enclosingCaller(Same, P.ctx()), P.ctx()));
}

TEST(HijackAnalysis, FindsTheSkippedOverload) {
  Parsed P = parse(Code);
  auto hijack = [&](const char *Name, unsigned Nth) {
    const CallExpr *Call = P.call(Name, Nth);
    EXPECT_NE(Call, nullptr);
    return findHijack(Call, P.ctx());
  };
  auto H0 = hijack("deepcopy", 0);
  ASSERT_TRUE(H0.has_value());
  EXPECT_EQ(H0->SkippedRank, MatchRank::DerivedToBase);
  EXPECT_EQ(H0->Skipped->getNameAsString(), "deepcopy");
  EXPECT_FALSE(hijack("deepcopy", 1).has_value()); // the non-template won
  auto H2 = hijack("scale", 0);
  ASSERT_TRUE(H2.has_value());
  EXPECT_EQ(H2->SkippedRank, MatchRank::Promotion);
  auto H3 = hijack("scale", 1);
  ASSERT_TRUE(H3.has_value());
  EXPECT_EQ(H3->SkippedRank, MatchRank::Conversion);
  EXPECT_FALSE(hijack("deepcopy", 2).has_value()); // nothing specific was viable
}

} // namespace
