#include "Reports.h"

#include <nlohmann/json.hpp>

namespace dispatch::scan {

nlohmann::json reportJson(const ImpactAnalysis &A, const std::vector<OdrDivergence> &Odr) {
  using nlohmann::json;
  const Facts &F = A.facts();
  json J;
  J["format"] = "dispatch-scan-report";
  J["version"] = 1;
  J["root"] = F.Root;
  J["translation_units"] = F.Tus.size();
  J["total_affected"] = A.totalAffected();
  J["sum_of_impacts"] = A.sumOfImpacts();
  J["restricted_to_entries"] = A.restricted();
  json &Ds = J["declarations"] = json::array();
  for (const DeclarationImpact &I : A.impacts()) {
    const DeclarationFact &D = *I.Decl;
    json Sites = json::array();
    for (const SiteFact *S : I.Sites)
      Sites.push_back({{"loc", S->Loc.str()},
                       {"how", siteKindName(S->How)},
                       {"in", F.Functions[S->In].Name}});
    json Row = declarationJson(D);
    Row["id"] = I.Id;
    Row["identity"] = identityOf(D);
    Row["implicit_uses"] = I.ImplicitUses;
    Row["hijacks"] = I.Hijacks;
    Row["viable_only"] = I.ViableOnly;
    Row["dependent_sites"] = I.WrittenSites;
    Row["latent"] = D.Finding.Latent;
    Row["impact"] = I.Children.size();
    Row["impact_share"] =
        A.sumOfImpacts() ? double(I.Children.size()) / double(A.sumOfImpacts()) : 0.0;
    Row["sites"] = std::move(Sites);
    Ds.push_back(std::move(Row));
  }
  json &Os = J["odr_divergences"] = json::array();
  for (const OdrDivergence &D : Odr) {
    json Sides = json::array();
    for (const auto &S : D.Sides)
      Sides.push_back({{"callee", F.Functions[S.Callee].Name},
                       {"callee_loc", F.Functions[S.Callee].Loc.str()},
                       {"translation_units", S.Tus},
                       {"headers_only_here", S.HeadersOnlyHere}});
    Os.push_back({{"function", F.Functions[D.Function].Name},
                  {"loc", D.Loc.str()},
                  {"pass", D.Pass},
                  {"resolutions", std::move(Sides)},
                  {"message", odrMessage(D, F)}});
  }
  return J;
}

} // namespace dispatch::scan
