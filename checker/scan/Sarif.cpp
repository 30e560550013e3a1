#include "Reports.h"

#include <nlohmann/json.hpp>

#include <set>

namespace dispatch::scan {

using nlohmann::json;

static json location(const Location &P) {
  json Artifact = {{"uri", P.File}};
  if (!P.File.empty() && P.File[0] != '/')
    Artifact["uriBaseId"] = "%SRCROOT%";
  else
    Artifact["uri"] = "file://" + P.File;
  json Region = {{"startLine", std::max(1u, P.Line)}};
  if (P.Column)
    Region["startColumn"] = P.Column;
  return {{"physicalLocation", {{"artifactLocation", Artifact}, {"region", Region}}}};
}

json sarifLog(const ImpactAnalysis &A, const std::vector<OdrDivergence> &Odr,
              const std::string &ToolVersion) {
  const Facts &F = A.facts();
  std::set<std::string> RuleIds;
  for (const DeclarationImpact &I : A.impacts())
    RuleIds.insert(I.Decl->check());
  if (!Odr.empty())
    RuleIds.insert("dispatch-odr-divergence");
  json Rules = json::array();
  std::vector<std::string> Ordered(RuleIds.begin(), RuleIds.end());
  for (const std::string &Id : Ordered)
    Rules.push_back({{"id", Id},
                     {"name", Id},
                     {"shortDescription", {{"text", Id + " (dispatch-tidy)"}}},
                     {"helpUri", "https://dispatch-tidy.invalid/docs/checks/" + Id + ".md"}});
  auto RuleIndex = [&](const std::string &Id) {
    return size_t(std::find(Ordered.begin(), Ordered.end(), Id) - Ordered.begin());
  };

  json Results = json::array();
  for (const DeclarationImpact &I : A.impacts()) {
    const DeclarationFact &D = *I.Decl;
    Results.push_back(
        {{"ruleId", D.check()},
         {"ruleIndex", RuleIndex(D.check())},
         {"level", "warning"},
         {"message",
          {{"text", D.Finding.Message + " (impact: " + std::to_string(I.Children.size()) +
                        " functions)"}}},
         {"locations", json::array({location(D.loc())})},
         {"partialFingerprints", {{"dispatchScanIdentity/v1", I.Id}}},
         {"properties", {{"impact", I.Children.size()}, {"name", D.name()}, {"kind", declKindName(D.Kind)}}}});
  }
  for (const OdrDivergence &D : Odr)
    Results.push_back({{"ruleId", "dispatch-odr-divergence"},
                       {"ruleIndex", RuleIndex("dispatch-odr-divergence")},
                       {"level", "warning"},
                       {"message", {{"text", odrMessage(D, F)}}},
                       {"locations", json::array({location(D.Loc)})}});

  json Run = {{"tool",
               {{"driver",
                 {{"name", "dispatch-scan"},
                  {"version", ToolVersion},
                  {"informationUri", "https://dispatch-tidy.invalid/"},
                  {"rules", Rules}}}}},
              {"results", Results},
              {"columnKind", "unicodeCodePoints"}};
  if (!F.Root.empty())
    Run["originalUriBaseIds"] = {{"%SRCROOT%", {{"uri", "file://" + F.Root + "/"}}}};
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", json::array({Run})}};
}

} // namespace dispatch::scan
