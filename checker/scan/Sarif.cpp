#include "Reports.h"

#include "SarifRules.inc" // generated from the docs pages by utils/registry.py --sarif-rules

#include "llvm/Support/xxhash.h"

#include <cctype>
#include <nlohmann/json.hpp>

#include <set>

namespace dispatch::scan {

using nlohmann::json;

static json physical(const Location &P) {
  json Artifact = {{"uri", P.File}};
  if (!P.File.empty() && P.File[0] != '/')
    Artifact["uriBaseId"] = "%SRCROOT%";
  else
    Artifact["uri"] = "file://" + P.File;
  json Region = {{"startLine", std::max(1u, P.Line)}};
  if (P.Column)
    Region["startColumn"] = P.Column;
  return {{"artifactLocation", Artifact}, {"region", Region}};
}

static json location(const Location &P) { return {{"physicalLocation", physical(P)}}; }

/// relatedLocations[]: the finding's notes, then the dependent sites no note
/// is at already; ids count from 1 (SARIF 3.28.2: non-negative, unique).
class Related {
public:
  void add(const Location &L, const std::string &Text) {
    if (!L.valid() || !Seen.insert(L.str()).second)
      return;
    Items.push_back({{"id", Items.size() + 1},
                     {"physicalLocation", physical(L)},
                     {"message", {{"text", Text}}}});
  }
  json take() { return std::move(Items); }
  bool empty() const { return Items.empty(); }

private:
  json Items = json::array();
  std::set<std::string> Seen;
};

static std::string hashOf(const std::string &Text) {
  char Buf[17];
  snprintf(Buf, sizeof Buf, "%016llx", (unsigned long long)llvm::xxHash64(Text));
  return Buf;
}

static const json &ruleTexts() {
  static const json Rules = [] {
    json All = json::parse(sarif_files::sarif_rules_json);
    json ById = json::object();
    for (const json &R : All.at("rules"))
      ById[R.at("id").get<std::string>()] = R;
    return ById;
  }();
  return Rules;
}

/// "ImplicitConversion" for dispatch-implicit-conversion: SARIF's rule name
/// is for people and must differ from the id (SARIF 3.49.7).
static std::string ruleName(llvm::StringRef Id) {
  Id.consume_front("dispatch-");
  std::string Name;
  bool Upper = true;
  for (char C : Id) {
    if (C == '-') {
      Upper = true;
      continue;
    }
    Name += Upper ? char(std::toupper(static_cast<unsigned char>(C))) : C;
    Upper = false;
  }
  return Name;
}

static json rule(const std::string &Id, const std::string &UriBase, bool DocsDirFlattened) {
  const json &Texts = ruleTexts();
  json R = {{"id", Id}, {"name", ruleName(Id)}, {"defaultConfiguration", {{"level", "warning"}}}};
  auto It = Texts.find(Id);
  if (It == Texts.end()) { // a check without a docs page (a throw-away one in a test)
    R["shortDescription"] = {{"text", Id + ": a dispatch-tidy check"}};
    return R;
  }
  R["shortDescription"] = {{"text", It->at("short")}};
  R["fullDescription"] = {{"text", It->at("full")}};
  R["help"] = {{"text", It->at("help_text")}, {"markdown", It->at("help_markdown")}};
  llvm::StringRef Page = It->at("page").get_ref<const std::string &>();
  if (DocsDirFlattened)
    Page.consume_front("docs/");
  R["helpUri"] = UriBase + Page.str();
  R["properties"] = {{"tags", {"dispatch-tidy", "overload-resolution"}}};
  return R;
}

json sarifLog(const ImpactAnalysis &A, const std::vector<OdrDivergence> &Odr,
              const std::string &ToolVersion, const std::string &UriBase, bool DocsDirFlattened) {
  const Facts &F = A.facts();
  std::set<std::string> RuleIds;
  for (const DeclarationImpact &I : A.impacts())
    RuleIds.insert(I.Decl->check());
  if (!Odr.empty())
    RuleIds.insert("dispatch-odr-divergence");
  json Rules = json::array();
  std::vector<std::string> Ordered(RuleIds.begin(), RuleIds.end());
  for (const std::string &Id : Ordered)
    Rules.push_back(rule(Id, UriBase, DocsDirFlattened));
  auto RuleIndex = [&](const std::string &Id) {
    return size_t(std::find(Ordered.begin(), Ordered.end(), Id) - Ordered.begin());
  };

  json Results = json::array();
  for (const DeclarationImpact &I : A.impacts()) {
    const DeclarationFact &D = *I.Decl;
    Related Rel;
    for (const NoteRecord &N : D.Finding.Notes)
      Rel.add(N.Loc, N.Message);
    for (const SiteFact *S : I.Sites)
      Rel.add(S->Loc, std::string("dependent site: ") + siteKindName(S->How) + " in " +
                          F.Functions[S->In].Name);
    json Result = {
        {"ruleId", D.check()},
        {"ruleIndex", RuleIndex(D.check())},
        {"level", "warning"},
        {"message",
         {{"text", D.Finding.Message + " (impact: " + std::to_string(I.Children.size()) +
                       " functions, " + std::to_string(I.WrittenSites) + " dependent sites)"}}},
        {"locations", json::array({location(D.loc())})},
        {"partialFingerprints", {{"dispatchScanIdentity/v1", I.Id}}},
        {"properties",
         {{"impact", I.Children.size()}, {"name", D.name()}, {"kind", declKindName(D.Kind)}}}};
    if (!Rel.empty())
      Result["relatedLocations"] = Rel.take();
    Results.push_back(std::move(Result));
  }
  for (const OdrDivergence &D : Odr) {
    Related Rel;
    std::string Identity = "dispatch-odr-divergence|" + F.Functions[D.Function].Usr + "|" + D.Pass;
    for (const auto &S : D.Sides) {
      const FunctionFact &Callee = F.Functions[S.Callee];
      Rel.add(Callee.Loc, "resolves to " + Callee.Name + " in " + std::to_string(S.Tus.size()) +
                              " translation units");
      Identity += "|" + Callee.Usr;
    }
    Results.push_back({{"ruleId", "dispatch-odr-divergence"},
                       {"ruleIndex", RuleIndex("dispatch-odr-divergence")},
                       {"level", "warning"},
                       {"message", {{"text", odrMessage(D, F)}}},
                       {"locations", json::array({location(D.Loc)})},
                       {"relatedLocations", Rel.take()},
                       {"partialFingerprints", {{"dispatchScanOdr/v1", hashOf(Identity).substr(0, 10)}}}});
  }

  json Driver = {{"name", "dispatch-scan"},
                 {"fullName", "dispatch-scan (dispatch-tidy)"},
                 {"version", ToolVersion},
                 {"semanticVersion", ToolVersion},
                 {"rules", Rules}};
  if (UriBase.find("://") != std::string::npos)
    Driver["informationUri"] = UriBase + "README.md"; // in both layouts
  json Run = {{"tool", {{"driver", Driver}}}, {"results", Results}, {"columnKind", "unicodeCodePoints"}};
  if (!F.Root.empty())
    Run["originalUriBaseIds"] = {{"%SRCROOT%", {{"uri", "file://" + F.Root + "/"}}}};
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", json::array({Run})}};
}

} // namespace dispatch::scan
