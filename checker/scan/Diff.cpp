#include "Reports.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

namespace dispatch::scan {

ScanSummary ScanSummary::of(const ImpactAnalysis &A) {
  ScanSummary S;
  for (const DeclarationImpact &I : A.impacts())
    S.Rows.push_back({identityOf(*I.Decl), I.Decl->Check, I.Decl->Name, I.Decl->Loc,
                      I.Children.size()});
  S.TotalAffected = A.totalAffected();
  return S;
}

ScanSummary ScanSummary::read(const std::string &Path, const std::vector<std::string> &Entries) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    throw std::runtime_error(Path + ": cannot open");
  nlohmann::json J;
  try {
    J = nlohmann::json::parse(In);
  } catch (const std::exception &E) {
    throw std::runtime_error(Path + ": " + E.what());
  }
  if (J.value("format", "") == "dispatch-scan-report") {
    ScanSummary S;
    for (const auto &D : J.at("declarations"))
      S.Rows.push_back({D.at("identity").get<std::string>(), D.at("check").get<std::string>(),
                        D.at("name").get<std::string>(), D.at("loc").get<std::string>(),
                        D.at("impact").get<size_t>()});
    S.TotalAffected = J.value("total_affected", size_t(0));
    return S;
  }
  Facts F = Facts::fromJson(J);
  return of(ImpactAnalysis(F, Entries));
}

size_t DiffResult::count(const std::string &Status) const {
  return size_t(std::count_if(Entries.begin(), Entries.end(),
                              [&](const DiffEntry &E) { return E.Status == Status; }));
}

DiffResult diffScans(const ScanSummary &Old, const ScanSummary &New) {
  // Several rows can share an identity (two hijacked calls to one template
  // in one file): their impacts add up.
  std::map<std::string, DiffEntry> By;
  for (const auto &R : Old.Rows) {
    DiffEntry &E = By[R.Identity];
    E.Check = R.Check, E.Name = R.Name, E.Loc = R.Loc;
    E.Old += R.Impact;
  }
  std::map<std::string, bool> InNew;
  for (const auto &R : New.Rows) {
    DiffEntry &E = By[R.Identity];
    E.Check = R.Check, E.Name = R.Name, E.Loc = R.Loc; // the new location wins
    E.New += R.Impact;
    InNew[R.Identity] = true;
  }
  DiffResult D;
  D.OldTotal = Old.TotalAffected;
  D.NewTotal = New.TotalAffected;
  std::map<std::string, bool> InOld;
  for (const auto &R : Old.Rows)
    InOld[R.Identity] = true;
  for (auto &[Id, E] : By) {
    E.Status = !InOld.count(Id) ? "new"
               : !InNew.count(Id) ? "gone"
               : E.New > E.Old   ? "grown"
               : E.New < E.Old   ? "shrunk"
                                 : "same";
    D.Entries.push_back(E);
  }
  auto Rank = [](const std::string &S) {
    return S == "new" ? 0 : S == "grown" ? 1 : S == "gone" ? 2 : S == "shrunk" ? 3 : 4;
  };
  std::stable_sort(D.Entries.begin(), D.Entries.end(), [&](const DiffEntry &A, const DiffEntry &B) {
    if (Rank(A.Status) != Rank(B.Status))
      return Rank(A.Status) < Rank(B.Status);
    long DA = std::labs(long(A.New) - long(A.Old)), DB = std::labs(long(B.New) - long(B.Old));
    if (DA != DB)
      return DA > DB;
    return A.Loc < B.Loc;
  });
  return D;
}

std::string renderDiff(const DiffResult &D) {
  std::ostringstream OS;
  size_t LocW = 8, CheckW = 5;
  for (const DiffEntry &E : D.Entries) {
    LocW = std::max(LocW, fileAndLine(E.Loc).size());
    CheckW = std::max(CheckW, E.Check.size());
  }
  auto Pad = [](const std::string &S, size_t W) { return S + std::string(W > S.size() ? W - S.size() : 0, ' '); };
  OS << Pad("status", 8) << Pad("impact", 12) << Pad("location", LocW + 2) << Pad("check", CheckW + 2)
     << "name\n";
  for (const DiffEntry &E : D.Entries) {
    if (E.Status == "same")
      continue;
    OS << Pad(E.Status, 8) << Pad(std::to_string(E.Old) + " → " + std::to_string(E.New), 12 + 2)
       << Pad(fileAndLine(E.Loc), LocW + 2) << Pad(E.Check, CheckW + 2) << E.Name << "\n";
  }
  OS << "\n"
     << D.count("new") << " new, " << D.count("gone") << " gone, " << D.count("grown")
     << " grown, " << D.count("shrunk") << " shrunk, " << D.count("same")
     << " unchanged; affected functions " << D.OldTotal << " → " << D.NewTotal << "\n";
  return OS.str();
}

} // namespace dispatch::scan
