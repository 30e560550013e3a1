// dispatch-scan's reasoning over facts, without Clang: merging, impact
// (children = containing functions + transitive callers), entry points,
// diff statuses and ODR grouping, on small hand-built fact sets.
#include "Facts.h"
#include "Impact.h"
#include "OdrDivergence.h"
#include "Reports.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace dispatch::scan;

namespace {

// main → run → {forward, helper}; forward contains a site of D;
// tool → helper (not reachable from main); helper contains a site of D too.
Facts smallProject() {
  Facts F;
  F.Root = "/p";
  uint32_t Main = F.addFunction({"c:@F@main", "main()", "app.cpp:1:1", ""});
  uint32_t Run = F.addFunction({"c:@F@run", "run()", "app.cpp:2:1", ""});
  uint32_t Fwd = F.addFunction({"c:@F@forward", "forward(int)", "a.h:3:1", ""});
  uint32_t Help = F.addFunction({"c:@F@helper<int>", "helper<int>(int)", "a.h:9:1", "c:@FT@helper"});
  uint32_t Tool = F.addFunction({"c:@F@tool", "tool()", "tool.cpp:1:1", ""});
  F.addCall(Main, Run);
  F.addCall(Run, Fwd);
  F.addCall(Run, Help);
  F.addCall(Tool, Help);
  F.addCall(Fwd, Fwd); // recursion does not count twice
  F.addDeclaration({"c:@D", "operator int", "X::operator int", "conversion-operator",
                    "dispatch-implicit-conversion", "a.h:1:5", "a.h:1:5", "msg", false});
  F.addSite({"c:@D", "a.h:4:10", Fwd, "conversion"});
  F.addSite({"c:@D", "a.h:10:3", Help, "conversion"});
  F.addSite({"c:@D", "a.h:10:3", Help, "conversion"}); // seen by a second TU
  return F;
}

TEST(ScanImpact, ChildrenAreContainingFunctionsAndTransitiveCallers) {
  Facts F = smallProject();
  ImpactAnalysis A(F);
  ASSERT_EQ(A.impacts().size(), 1u);
  EXPECT_EQ(A.impacts()[0].Sites.size(), 2u);
  EXPECT_EQ(A.impacts()[0].Children.size(), 5u); // forward, helper, run, main, tool
  EXPECT_EQ(A.totalAffected(), 5u);
}

TEST(ScanImpact, EntryPointsKeepOnlyReachableCode) {
  Facts F = smallProject();
  ImpactAnalysis A(F, {"main"});
  EXPECT_EQ(A.impacts()[0].Children.size(), 4u); // tool drops out
  ImpactAnalysis ByTemplateName(F, {"helper"}); // without template arguments
  EXPECT_EQ(ByTemplateName.impacts()[0].Children.size(), 1u);
  ImpactAnalysis Missing(F, {"nothing"});
  EXPECT_EQ(Missing.impacts()[0].Children.size(), 0u);
  EXPECT_EQ(Missing.unmatchedEntries(), std::vector<std::string>{"nothing"});
}

TEST(ScanImpact, CallSiteWarningsCountTheirOwnLineOnly) {
  Facts F = smallProject();
  F.addDeclaration({"c:@D", "operator int", "X::operator int", "conversion-operator",
                    "dispatch-hijacked-call", "a.h:10:3", "a.h:1:5", "msg", true});
  ImpactAnalysis A(F);
  const DeclarationImpact *Site = nullptr;
  for (const auto &I : A.impacts())
    if (I.Decl->Check == "dispatch-hijacked-call")
      Site = &I;
  ASSERT_TRUE(Site);
  EXPECT_EQ(Site->Sites.size(), 1u);
  EXPECT_EQ(Site->Children.size(), 4u); // helper, run, main, tool
}

TEST(ScanFacts, MergeRemapsAndDeduplicates) {
  Facts A = smallProject(), B = smallProject();
  // B lists its functions in another order: indices differ, USRs agree.
  Facts Reordered;
  Reordered.merge(Facts::fromJson(B.toJson()));
  Facts All;
  All.merge(A);
  All.merge(Reordered);
  EXPECT_EQ(All.Functions.size(), A.Functions.size());
  EXPECT_EQ(All.Sites.size(), 2u);
  EXPECT_EQ(All.Calls.size(), A.Calls.size());
  EXPECT_EQ(All.Declarations.size(), 1u);
  EXPECT_EQ(ImpactAnalysis(All).impacts()[0].Children.size(), 5u);
}

TEST(ScanFacts, RejectsOtherFormatsAndBadIndices) {
  EXPECT_THROW(Facts::fromJson(nlohmann::json::parse(R"({"format":"other"})")),
               std::runtime_error);
  nlohmann::json J = smallProject().toJson();
  J["calls"].push_back({0, 99});
  EXPECT_THROW(Facts::fromJson(J), std::runtime_error);
}

TEST(ScanDiff, StatusesAndGate) {
  Facts Old = smallProject();
  Facts New = smallProject();
  New.addDeclaration({"c:@E", "Scalar", "Scalar::Scalar", "converting-constructor",
                      "dispatch-implicit-conversion", "a.h:20:3", "a.h:20:3", "msg", false});
  New.addSite({"c:@E", "app.cpp:2:5", 1, "construct"});
  DiffResult D = diffScans(ScanSummary::of(ImpactAnalysis(Old)), ScanSummary::of(ImpactAnalysis(New)));
  EXPECT_EQ(D.count("new"), 1u);
  EXPECT_EQ(D.count("same"), 1u);
  EXPECT_TRUE(D.regressed());
  DiffResult Back = diffScans(ScanSummary::of(ImpactAnalysis(New)), ScanSummary::of(ImpactAnalysis(Old)));
  EXPECT_EQ(Back.count("gone"), 1u);
  EXPECT_FALSE(Back.regressed());
  // Moving a declaration to another line keeps its identity (USR).
  Facts Moved = smallProject();
  Moved.Declarations[0].Loc = "a.h:2:5";
  EXPECT_EQ(diffScans(ScanSummary::of(ImpactAnalysis(Old)), ScanSummary::of(ImpactAnalysis(Moved)))
                .count("same"),
            1u);
}

TEST(ScanOdr, DifferentCalleesInDifferentTusOfOnePass) {
  Facts F;
  uint32_t Inline = F.addFunction({"c:@F@step", "step(int)", "model.h:1:1", ""});
  uint32_t A = F.addFunction({"c:@F@scale#I", "scale(int)", "scale_int.h:1:1", ""});
  uint32_t B = F.addFunction({"c:@F@scale#d", "scale(double)", "scale.h:1:1", ""});
  F.addTu({"a.cpp", "", 0, false, {"model.h", "scale.h", "scale_int.h"}, {{Inline, "model.h:2:3", A}}});
  F.addTu({"b.cpp", "", 0, false, {"model.h", "scale.h"}, {{Inline, "model.h:2:3", B}}});
  F.addTu({"c.cpp", "", 0, false, {"model.h", "scale.h"}, {{Inline, "model.h:2:3", B}}});
  // The device pass of a .cu file may legitimately differ from host code.
  F.addTu({"d.cu", "device", 0, false, {"model.h"}, {{Inline, "model.h:2:3", A}}});
  // A TU with compile errors is no evidence: clang left calls unresolved.
  F.addTu({"broken.cpp", "", 3, false, {"model.h"}, {{Inline, "model.h:2:3", Inline}}});
  auto Ds = findOdrDivergences(F);
  ASSERT_EQ(Ds.size(), 1u);
  ASSERT_EQ(Ds[0].Sides.size(), 2u);
  EXPECT_EQ(Ds[0].Sides[0].Tus, std::vector<std::string>{"a.cpp"});
  EXPECT_EQ(Ds[0].Sides[1].Tus, (std::vector<std::string>{"b.cpp", "c.cpp"}));
  EXPECT_EQ(Ds[0].Sides[0].HeadersOnlyHere, std::vector<std::string>{"scale_int.h"});
  EXPECT_TRUE(Ds[0].Sides[1].HeadersOnlyHere.empty());
}

TEST(ScanReport, TableIsRankedWithShares) {
  Facts F = smallProject();
  F.addDeclaration({"c:@E", "broadcast", "broadcast", "function-template",
                    "dispatch-unconstrained-operator", "b.h:7:1", "b.h:7:1", "msg", false});
  F.addSite({"c:@E", "app.cpp:2:9", 1, "call"}); // in run: run, main
  std::string T = renderTable(ImpactAnalysis(F));
  size_t First = T.find("a.h:1"), Second = T.find("b.h:7");
  ASSERT_NE(First, std::string::npos);
  ASSERT_NE(Second, std::string::npos);
  EXPECT_LT(First, Second);
  EXPECT_NE(T.find("│   5    │    71    │"), std::string::npos) << T; // 5 / 7
  EXPECT_NE(T.find("│   2    │    29    │"), std::string::npos) << T;
}

} // namespace
