#include "Reports.h"

#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <sstream>

namespace dispatch::scan {

const char *diffStatusName(DiffStatus S) {
  switch (S) {
  case DiffStatus::New:
    return "new";
  case DiffStatus::Grown:
    return "grown";
  case DiffStatus::Gone:
    return "gone";
  case DiffStatus::Shrunk:
    return "shrunk";
  case DiffStatus::Same:
    return "same";
  }
  return "same";
}

static ScanSummary::Site siteOf(const std::string &How, const std::string &Loc, const std::string &In) {
  std::string File = Loc.substr(0, Loc.find(':'));
  return {How + "|" + In + "|" + File, How + " at " + Loc + " in " + In};
}

ScanSummary ScanSummary::of(const ImpactAnalysis &A) {
  ScanSummary S;
  for (const DeclarationImpact &I : A.impacts()) {
    Row R{identityOf(*I.Decl), I.Decl->check(), I.Decl->name(), I.Decl->loc(), I.Children.size(), {}};
    for (const SiteFact *Site : I.Sites)
      R.Sites.push_back(siteOf(siteKindName(Site->How), Site->Loc.str(),
                               A.facts().Functions[Site->In].Name));
    S.Rows.push_back(std::move(R));
  }
  S.TotalAffected = A.totalAffected();
  return S;
}

/// "path:line:col" of a report's "loc" (the report JSON is an edge format).
static Location locationOfText(const std::string &Text) {
  Location L;
  size_t C2 = Text.rfind(':');
  size_t C1 = C2 == std::string::npos || C2 == 0 ? std::string::npos : Text.rfind(':', C2 - 1);
  if (C1 == std::string::npos) {
    L.File = Text;
    return L;
  }
  L.File = Text.substr(0, C1);
  L.Line = unsigned(std::strtoul(Text.c_str() + C1 + 1, nullptr, 10));
  L.Column = unsigned(std::strtoul(Text.c_str() + C2 + 1, nullptr, 10));
  return L;
}

llvm::Expected<ScanSummary> ScanSummary::read(const std::string &Path,
                                              const std::vector<std::string> &Entries) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "%s: cannot open: %s", Path.c_str(),
                                   Buf.getError().message().c_str());
  nlohmann::json J = nlohmann::json::parse((*Buf)->getBuffer().begin(),
                                           (*Buf)->getBuffer().end(), nullptr, false);
  if (J.is_discarded())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: not JSON",
                                   Path.c_str());
  if (J.is_object() && J.value("format", "") == "dispatch-scan-report") {
    try {
      ScanSummary S;
      for (const auto &D : J.at("declarations")) {
        Row R{D.at("identity").get<std::string>(), D.at("check").get<std::string>(),
              D.at("name").get<std::string>(), locationOfText(D.at("loc").get<std::string>()),
              D.at("impact").get<size_t>(), {}};
        for (const auto &Site : D.value("sites", nlohmann::json::array()))
          R.Sites.push_back(siteOf(Site.at("how").get<std::string>(),
                                   Site.at("loc").get<std::string>(),
                                   Site.at("in").get<std::string>()));
        S.Rows.push_back(std::move(R));
      }
      S.TotalAffected = J.value("total_affected", size_t(0));
      return S;
    } catch (const std::exception &E) {
      return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s", Path.c_str(),
                                     E.what());
    }
  }
  llvm::Expected<Facts> F = Facts::fromJson(std::move(J));
  if (!F)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s", Path.c_str(),
                                   llvm::toString(F.takeError()).c_str());
  return of(ImpactAnalysis(*F, Entries));
}

size_t DiffResult::count(DiffStatus Status) const {
  return size_t(std::count_if(Entries.begin(), Entries.end(),
                              [&](const DiffEntry &E) { return E.Status == Status; }));
}

DiffResult diffScans(const ScanSummary &Old, const ScanSummary &New) {
  // Several rows can share an identity (two hijacked calls to one template
  // in one file): their impacts add up.
  std::map<std::string, DiffEntry> By;
  // Sites per identity in the old scan, as a multiset of keys.
  std::map<std::string, std::map<std::string, size_t>> OldSites;
  for (const auto &R : Old.Rows) {
    DiffEntry &E = By[R.Identity];
    E.Check = R.Check, E.Name = R.Name, E.Loc = R.Loc;
    E.Old += R.Impact;
    for (const auto &S : R.Sites)
      ++OldSites[R.Identity][S.Key];
  }
  std::map<std::string, bool> InNew;
  for (const auto &R : New.Rows) {
    DiffEntry &E = By[R.Identity];
    E.Check = R.Check, E.Name = R.Name, E.Loc = R.Loc; // the new location wins
    E.New += R.Impact;
    InNew[R.Identity] = true;
    auto &Known = OldSites[R.Identity];
    for (const auto &S : R.Sites) {
      auto It = Known.find(S.Key);
      if (It != Known.end() && It->second > 0)
        --It->second;
      else
        E.NewSites.push_back(S.Text);
    }
  }
  DiffResult D;
  D.OldTotal = Old.TotalAffected;
  D.NewTotal = New.TotalAffected;
  std::map<std::string, bool> InOld;
  for (const auto &R : Old.Rows)
    InOld[R.Identity] = true;
  for (auto &[Id, E] : By) {
    E.Status = !InOld.count(Id)  ? DiffStatus::New
               : !InNew.count(Id) ? DiffStatus::Gone
               : E.New > E.Old    ? DiffStatus::Grown
               : E.New < E.Old    ? DiffStatus::Shrunk
                                  : DiffStatus::Same;
    D.Entries.push_back(E);
  }
  auto Rank = [](DiffStatus S) { return int(S); };
  std::stable_sort(D.Entries.begin(), D.Entries.end(), [&](const DiffEntry &A, const DiffEntry &B) {
    if (Rank(A.Status) != Rank(B.Status))
      return Rank(A.Status) < Rank(B.Status);
    long DA = std::labs(long(A.New) - long(A.Old)), DB = std::labs(long(B.New) - long(B.Old));
    if (DA != DB)
      return DA > DB;
    return byPosition(A.Loc, B.Loc);
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
    if (E.Status == DiffStatus::Same)
      continue;
    OS << Pad(diffStatusName(E.Status), 8) << Pad(std::to_string(E.Old) + " → " + std::to_string(E.New), 12 + 2)
       << Pad(fileAndLine(E.Loc), LocW + 2) << Pad(E.Check, CheckW + 2) << E.Name << "\n";
    if (E.Status == DiffStatus::Grown) {
      for (const std::string &Site : E.NewSites)
        OS << "          + new dependent site: " << Site << "\n";
      if (E.NewSites.empty())
        OS << "          (no new dependent site: new callers of the existing ones)\n";
    }
  }
  OS << "\n"
     << D.count(DiffStatus::New) << " new, " << D.count(DiffStatus::Gone) << " gone, "
     << D.count(DiffStatus::Grown) << " grown, " << D.count(DiffStatus::Shrunk) << " shrunk, "
     << D.count(DiffStatus::Same)
     << " unchanged; affected functions " << D.OldTotal << " → " << D.NewTotal << "\n";
  return OS.str();
}

} // namespace dispatch::scan
