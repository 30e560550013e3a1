// dispatch-scan's reasoning over facts, without Clang: merging, impact
// (children = containing functions + transitive callers), entry points,
// diff statuses and ODR grouping, on small hand-built fact sets.
#include "Facts.h"
#include "Impact.h"
#include "OdrDivergence.h"
#include "Reports.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace dispatch;
using namespace dispatch::scan;

namespace {

/// "file:line:col" as a Location (test data only).
Location at(const std::string &Text) {
  Location L;
  size_t C2 = Text.rfind(':'), C1 = Text.rfind(':', C2 - 1);
  L.File = Text.substr(0, C1);
  L.Line = unsigned(std::stoul(Text.substr(C1 + 1, C2 - C1 - 1)));
  L.Column = unsigned(std::stoul(Text.substr(C2 + 1)));
  return L;
}

FunctionFact fn(const char *Usr, const char *Name, const char *Loc, const char *Primary = "") {
  return {Usr, Name, at(Loc), Primary};
}

DeclarationFact decl(const char *Usr, const char *Name, DeclKind Kind, const char *Check,
                     const char *Loc, const char *DeclLoc, bool AtSite) {
  DeclarationFact D;
  D.Usr = Usr;
  D.Kind = Kind;
  D.Finding.Check = Check;
  D.Finding.DeclName = Name;
  D.Finding.QualifiedName = Name;
  D.Finding.Loc = at(Loc);
  D.Finding.DeclLoc = at(DeclLoc);
  D.Finding.Message = "msg";
  D.Finding.Scope = AtSite ? FindingScope::Use : FindingScope::Declaration;
  return D;
}

SiteFact site(const char *Decl, const char *Loc, uint32_t In, SiteKind How) {
  return {Decl, at(Loc), In, How};
}

ResolutionFact resolution(uint32_t In, const char *Loc, uint32_t Callee) {
  return {In, at(Loc), Location(), 0, Callee};
}

Facts parsed(const nlohmann::json &J) {
  llvm::Expected<Facts> F = Facts::fromJson(nlohmann::json(J));
  EXPECT_TRUE(bool(F)) << (F ? "" : llvm::toString(F.takeError()));
  return F ? std::move(*F) : Facts();
}

// main → run → {forward, helper}; forward contains a site of D;
// tool → helper (not reachable from main); helper contains a site of D too.
Facts smallProject() {
  Facts F;
  F.Root = "/p";
  uint32_t Main = F.addFunction(fn("c:@F@main", "main()", "app.cpp:1:1", ""));
  uint32_t Run = F.addFunction(fn("c:@F@run", "run()", "app.cpp:2:1", ""));
  uint32_t Fwd = F.addFunction(fn("c:@F@forward", "forward(int)", "a.h:3:1", ""));
  uint32_t Help = F.addFunction(fn("c:@F@helper<int>", "helper<int>(int)", "a.h:9:1", "c:@FT@helper"));
  uint32_t Tool = F.addFunction(fn("c:@F@tool", "tool()", "tool.cpp:1:1", ""));
  F.addCall(Main, Run);
  F.addCall(Run, Fwd);
  F.addCall(Run, Help);
  F.addCall(Tool, Help);
  F.addCall(Fwd, Fwd); // recursion does not count twice
  F.addDeclaration(decl("c:@D", "operator int", DeclKind::ConversionOperator,
                        "dispatch-implicit-conversion", "a.h:1:5", "a.h:1:5", false));
  F.addSite(site("c:@D", "a.h:4:10", Fwd, SiteKind::Conversion));
  F.addSite(site("c:@D", "a.h:10:3", Help, SiteKind::Conversion));
  F.addSite(site("c:@D", "a.h:10:3", Help, SiteKind::Conversion)); // seen by a second TU
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
  F.addDeclaration(decl("c:@D", "operator int", DeclKind::ConversionOperator,
                        "dispatch-hijacked-call", "a.h:10:3", "a.h:1:5", true));
  ImpactAnalysis A(F);
  const DeclarationImpact *Site = nullptr;
  for (const auto &I : A.impacts())
    if (I.Decl->check() == "dispatch-hijacked-call")
      Site = &I;
  ASSERT_TRUE(Site);
  EXPECT_EQ(Site->Sites.size(), 1u);
  EXPECT_EQ(Site->Children.size(), 4u); // helper, run, main, tool
}

TEST(ScanFacts, MergeRemapsAndDeduplicates) {
  Facts A = smallProject(), B = smallProject();
  // B lists its functions in another order: indices differ, USRs agree.
  Facts Reordered;
  Reordered.merge(parsed(B.toJson()));
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
  llvm::Expected<Facts> Other = Facts::fromJson(nlohmann::json::parse(R"({"format":"other"})"));
  ASSERT_FALSE(bool(Other));
  EXPECT_NE(llvm::toString(Other.takeError()).find("not a dispatch-scan facts file"),
            std::string::npos);
  nlohmann::json J = smallProject().toJson();
  J["calls"].push_back({0, 99});
  llvm::Expected<Facts> Bad = Facts::fromJson(std::move(J));
  ASSERT_FALSE(bool(Bad));
  EXPECT_NE(llvm::toString(Bad.takeError()).find("out of range"), std::string::npos);
  nlohmann::json Kind = smallProject().toJson();
  Kind["sites"][0][3] = "calls";
  llvm::Expected<Facts> BadKind = Facts::fromJson(std::move(Kind));
  ASSERT_FALSE(bool(BadKind));
  EXPECT_NE(llvm::toString(BadKind.takeError()).find("unknown value 'calls'"), std::string::npos);
}

TEST(ScanDiff, StatusesAndGate) {
  Facts Old = smallProject();
  Facts New = smallProject();
  New.addDeclaration(decl("c:@E", "Scalar", DeclKind::ConvertingConstructor,
                          "dispatch-implicit-conversion", "a.h:20:3", "a.h:20:3", false));
  New.addSite(site("c:@E", "app.cpp:2:5", 1, SiteKind::Construct));
  DiffResult D = diffScans(ScanSummary::of(ImpactAnalysis(Old)), ScanSummary::of(ImpactAnalysis(New)));
  EXPECT_EQ(D.count(DiffStatus::New), 1u);
  EXPECT_EQ(D.count(DiffStatus::Same), 1u);
  EXPECT_TRUE(D.regressed());
  DiffResult Back = diffScans(ScanSummary::of(ImpactAnalysis(New)), ScanSummary::of(ImpactAnalysis(Old)));
  EXPECT_EQ(Back.count(DiffStatus::Gone), 1u);
  EXPECT_FALSE(Back.regressed());
  // Moving a declaration to another line keeps its identity (USR).
  Facts Moved = smallProject();
  Moved.Declarations[0].Finding.Loc = at("a.h:2:5");
  EXPECT_EQ(diffScans(ScanSummary::of(ImpactAnalysis(Old)), ScanSummary::of(ImpactAnalysis(Moved)))
                .count(DiffStatus::Same),
            1u);
}

TEST(ScanOdr, DifferentCalleesInDifferentTusOfOnePass) {
  Facts F;
  uint32_t Inline = F.addFunction(fn("c:@F@step", "step(int)", "model.h:1:1", ""));
  uint32_t A = F.addFunction(fn("c:@F@scale#I", "scale(int)", "scale_int.h:1:1", ""));
  uint32_t B = F.addFunction(fn("c:@F@scale#d", "scale(double)", "scale.h:1:1", ""));
  F.addTu({"a.cpp", "", 0, false, {"model.h", "scale.h", "scale_int.h"}, {resolution(Inline, "model.h:2:3", A)}});
  F.addTu({"b.cpp", "", 0, false, {"model.h", "scale.h"}, {resolution(Inline, "model.h:2:3", B)}});
  F.addTu({"c.cpp", "", 0, false, {"model.h", "scale.h"}, {resolution(Inline, "model.h:2:3", B)}});
  // The device pass of a .cu file may legitimately differ from host code.
  F.addTu({"d.cu", "device", 0, false, {"model.h"}, {resolution(Inline, "model.h:2:3", A)}});
  // A TU with compile errors is no evidence: clang left calls unresolved.
  F.addTu({"broken.cpp", "", 3, false, {"model.h"}, {resolution(Inline, "model.h:2:3", Inline)}});
  auto Ds = findOdrDivergences(F);
  ASSERT_EQ(Ds.size(), 1u);
  ASSERT_EQ(Ds[0].Sides.size(), 2u);
  EXPECT_EQ(Ds[0].Sides[0].Tus, std::vector<std::string>{"a.cpp"});
  EXPECT_EQ(Ds[0].Sides[1].Tus, (std::vector<std::string>{"b.cpp", "c.cpp"}));
  EXPECT_EQ(Ds[0].Sides[0].HeadersOnlyHere, std::vector<std::string>{"scale_int.h"});
  EXPECT_TRUE(Ds[0].Sides[1].HeadersOnlyHere.empty());
}

TEST(ScanOdr, OneTuNeverDivergesFromItself) {
  // run<lambda#1> and run<lambda#2> in one TU share an identity (closure
  // types): two callees at one call, but no second TU disagrees.
  Facts F;
  uint32_t Run = F.addFunction(fn("c:@FT@run", "run<(lambda)>(F &&)", "run.h:2:1"));
  uint32_t L1 = F.addFunction(fn("c:a.cpp@l1", "(lambda at a.cpp:4:14)::operator()", "a.cpp:4:14"));
  uint32_t L2 = F.addFunction(fn("c:a.cpp@l2", "(lambda at a.cpp:5:14)::operator()", "a.cpp:5:14"));
  F.addTu({"a.cpp", "", 0, false, {"run.h"},
           {resolution(Run, "run.h:2:25", L1), resolution(Run, "run.h:2:25", L2)}});
  EXPECT_TRUE(findOdrDivergences(F).empty());
  // A second TU that resolves the call elsewhere does diverge.
  uint32_t L3 = F.addFunction(fn("c:b.cpp@l3", "(lambda at b.cpp:2:9)::operator()", "b.cpp:2:9"));
  F.addTu({"b.cpp", "", 0, false, {"run.h"}, {resolution(Run, "run.h:2:25", L3)}});
  EXPECT_EQ(findOdrDivergences(F).size(), 1u);
}

TEST(ScanFacts, JsonRoundTripKeepsTypedFields) {
  Facts F = smallProject();
  F.Declarations[0].Finding.Notes.push_back({at("a.h:4:10"), "used implicitly here",
                                             NoteRole::ImplicitUse});
  F.addTu({"a.cpp", "host", 1, false, {"a.h"}, {resolution(0, "a.h:3:4", 1)}});
  Facts Back = parsed(F.toJson());
  ASSERT_EQ(Back.Declarations.size(), 1u);
  const FindingRecord &R = Back.Declarations[0].Finding;
  EXPECT_EQ(Back.Declarations[0].Kind, DeclKind::ConversionOperator);
  EXPECT_EQ(R.Loc.str(), "a.h:1:5");
  ASSERT_EQ(R.Notes.size(), 1u);
  EXPECT_EQ(R.Notes[0].Role, NoteRole::ImplicitUse);
  EXPECT_EQ(R.Notes[0].Loc.str(), "a.h:4:10");
  EXPECT_EQ(Back.Sites[0].How, SiteKind::Conversion);
  EXPECT_EQ(Back.Functions[3].Primary, "c:@FT@helper");
  ASSERT_EQ(Back.Tus.size(), 1u);
  EXPECT_EQ(Back.Tus[0].Resolutions[0].Loc.str(), "a.h:3:4");
}

/// The declaration of smallProject() as one TU reports it, with its fix:
/// `explicit ` at the declaration, a rewrite of one use in UseFile.
DeclarationFact withFix(const char *UseFile, unsigned UseOffset, bool Latent = false) {
  DeclarationFact D = smallProject().Declarations[0];
  D.Finding.Latent = Latent;
  D.Finding.FixAction = "make 'A' explicit";
  D.Finding.FixRewrites = 1;
  llvm::consumeError(D.Finding.Fixes["a.h"].add({"a.h", 40, 0, "explicit "}));
  llvm::consumeError(D.Finding.Fixes[UseFile].add({UseFile, UseOffset, 2, "A(32)"}));
  return D;
}

std::vector<std::string> editsOf(const DeclarationFact &D) {
  std::vector<std::string> Out;
  for (const auto &[File, Reps] : D.Finding.Fixes)
    for (const auto &R : Reps)
      Out.push_back(File + "@" + std::to_string(R.getOffset()) + ":" + R.getReplacementText().str());
  return Out;
}

// A header's declaration reported by two TUs: its fix is the union of both
// TUs' edits, the shared `explicit` once, and it survives the JSON round trip.
TEST(ScanFacts, FixesMergeAcrossTusOnce) {
  Facts A, B;
  A.addDeclaration(withFix("a.cpp", 10, /*Latent=*/true));
  B.addDeclaration(withFix("b.cpp", 20));
  Facts All;
  All.merge(A);
  All.merge(B);
  ASSERT_EQ(All.Declarations.size(), 1u);
  EXPECT_FALSE(All.Declarations[0].FixIncomplete);
  EXPECT_FALSE(All.Declarations[0].Finding.Latent); // the effective record stands
  std::vector<std::string> Want = {"a.cpp@10:A(32)", "a.h@40:explicit ", "b.cpp@20:A(32)"};
  EXPECT_EQ(editsOf(All.Declarations[0]), Want);
  Facts Back = parsed(All.toJson());
  ASSERT_EQ(Back.Declarations.size(), 1u);
  EXPECT_EQ(editsOf(Back.Declarations[0]), Want);
  EXPECT_EQ(Back.Declarations[0].Finding.FixAction, "make 'A' explicit");
}

// One TU without a fix (a use it cannot rewrite), or two TUs whose edits
// overlap: no fix over every file, whatever the order of merging.
TEST(ScanFacts, FixIsDroppedWhenATuHasNoneOrEditsOverlap) {
  DeclarationFact NoFix = smallProject().Declarations[0];
  NoFix.FixIncomplete = true;
  for (bool NoFixFirst : {false, true}) {
    Facts All;
    All.addDeclaration(NoFixFirst ? NoFix : withFix("a.cpp", 10));
    All.addDeclaration(NoFixFirst ? withFix("a.cpp", 10) : NoFix);
    EXPECT_TRUE(All.Declarations[0].FixIncomplete);
    EXPECT_TRUE(All.Declarations[0].Finding.Fixes.empty());
    EXPECT_TRUE(parsed(All.toJson()).Declarations[0].FixIncomplete);
  }
  Facts Overlap;
  Overlap.addDeclaration(withFix("a.cpp", 10));
  Overlap.addDeclaration(withFix("a.cpp", 11)); // overlaps [10, 12)
  EXPECT_TRUE(Overlap.Declarations[0].FixIncomplete);
}

TEST(ScanReport, TableIsRankedWithShares) {
  Facts F = smallProject();
  F.addDeclaration(decl("c:@E", "broadcast", DeclKind::FunctionTemplate,
                        "dispatch-unconstrained-operator", "b.h:7:1", "b.h:7:1", false));
  F.addSite(site("c:@E", "app.cpp:2:9", 1, SiteKind::Call)); // in run: run, main
  std::string T = renderTable(ImpactAnalysis(F));
  size_t First = T.find("a.h:1"), Second = T.find("b.h:7");
  ASSERT_NE(First, std::string::npos);
  ASSERT_NE(Second, std::string::npos);
  EXPECT_LT(First, Second);
  EXPECT_NE(T.find("│   5    │    71    │"), std::string::npos) << T; // 5 / 7
  EXPECT_NE(T.find("│   2    │    29    │"), std::string::npos) << T;
}

} // namespace
