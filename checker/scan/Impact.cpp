#include "Impact.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace dispatch::scan {

bool byPosition(const Location &A, const Location &B) {
  return std::tie(A.File, A.Line, A.Column) < std::tie(B.File, B.Line, B.Column);
}

std::string identityOf(const DeclarationFact &D) {
  return D.check() + "|" + D.Usr + "|" + (D.atSite() ? D.loc().File : std::string());
}

std::string idOf(const DeclarationFact &D) {
  char Buf[17];
  snprintf(Buf, sizeof Buf, "%016llx", (unsigned long long)llvm::xxHash64(identityOf(D)));
  return std::string(Buf, 10);
}

static std::string withoutTemplateArgs(llvm::StringRef Name) {
  std::string Out;
  int Depth = 0;
  for (char C : Name) {
    if (C == '<' && !llvm::StringRef(Out).ends_with("operator"))
      ++Depth;
    else if (C == '>' && Depth > 0)
      --Depth;
    else if (Depth == 0)
      Out += C;
  }
  return Out;
}

static bool entryMatches(const FunctionFact &Fn, const std::string &Entry) {
  if (Fn.Usr == Entry || Fn.Name == Entry)
    return true;
  llvm::StringRef Name(Fn.Name);
  std::string Plain = withoutTemplateArgs(Name.take_front(Name.find('(')));
  return Plain == Entry || llvm::StringRef(Plain).ends_with("::" + Entry);
}

ImpactAnalysis::ImpactAnalysis(const Facts &F, const std::vector<std::string> &Entries,
                               bool IncludeLatent)
    : F(F), Callers(F.Functions.size()) {
  for (auto [A, B] : F.Calls)
    if (A != B)
      Callers[B].push_back(A);

  if (!Entries.empty()) {
    std::vector<std::vector<uint32_t>> Callees(F.Functions.size());
    for (auto [A, B] : F.Calls)
      Callees[A].push_back(B);
    Reachable.assign(F.Functions.size(), 0);
    std::deque<uint32_t> Work;
    for (const std::string &E : Entries) {
      bool Any = false;
      for (uint32_t I = 0; I < F.Functions.size(); ++I)
        if (entryMatches(F.Functions[I], E)) {
          Any = true;
          if (!Reachable[I]) {
            Reachable[I] = 1;
            Work.push_back(I);
          }
        }
      if (!Any)
        Unmatched.push_back(E);
    }
    while (!Work.empty()) {
      uint32_t N = Work.front();
      Work.pop_front();
      for (uint32_t C : Callees[N])
        if (!Reachable[C]) {
          Reachable[C] = 1;
          Work.push_back(C);
        }
    }
    for (auto &Cs : Callers)
      Cs.erase(std::remove_if(Cs.begin(), Cs.end(), [&](uint32_t C) { return !Reachable[C]; }),
               Cs.end());
  }

  std::unordered_map<std::string, std::vector<const SiteFact *>> SitesByDecl;
  for (const SiteFact &S : F.Sites)
    if (counts(S.In))
      SitesByDecl[S.Decl].push_back(&S);

  std::vector<char> Affected(F.Functions.size(), 0);
  for (const DeclarationFact &D : F.Declarations) {
    if (D.Finding.Latent && !IncludeLatent)
      continue;
    DeclarationImpact I;
    I.Decl = &D;
    I.Id = idOf(D);
    std::vector<uint32_t> Start;
    for (const SiteFact *S : SitesByDecl[D.Usr]) {
      if (D.atSite() && (S->Loc.File != D.loc().File || S->Loc.Line != D.loc().Line))
        continue; // a call-site warning: that call only
      I.Sites.push_back(S);
      Start.push_back(S->In);
    }
    // The conversion checks' sites are implicit uses only (FactCollector);
    // another check's implicit uses (a greedy constructor converting) are
    // its finding's count, as its hijacks are.
    WideningKind K = D.Finding.Kind;
    std::stable_sort(I.Sites.begin(), I.Sites.end(), [](const SiteFact *A, const SiteFact *B) {
      return byPosition(A->Loc, B->Loc);
    });
    // Counted as written (each specialisation holding a use is a child of
    // its own).
    for (size_t S = 0; S < I.Sites.size(); ++S)
      I.WrittenSites += S == 0 || !(I.Sites[S]->Loc == I.Sites[S - 1]->Loc);
    if (K == WideningKind::ImplicitConversion || K == WideningKind::DeviceTransfer ||
        K == WideningKind::ReducedPrecision)
      I.ImplicitUses = I.WrittenSites;
    else
      I.ImplicitUses = D.Finding.ImplicitUses;
    I.Hijacks = D.Finding.WonCalls;
    I.ViableOnly = D.Finding.ViableCalls;
    I.Children = closureOf(Start);
    for (uint32_t C : I.Children)
      Affected[C] = 1;
    Sum += I.Children.size();
    Impacts.push_back(std::move(I));
  }
  TotalAffected = size_t(std::count(Affected.begin(), Affected.end(), 1));
  std::stable_sort(Impacts.begin(), Impacts.end(),
                   [](const DeclarationImpact &A, const DeclarationImpact &B) {
                     if (A.Children.size() != B.Children.size())
                       return A.Children.size() > B.Children.size();
                     if (!(A.Decl->loc() == B.Decl->loc()))
                       return byPosition(A.Decl->loc(), B.Decl->loc());
                     return A.Decl->check() < B.Decl->check();
                   });
}

std::vector<uint32_t> ImpactAnalysis::closureOf(const std::vector<uint32_t> &Start) const {
  std::vector<uint32_t> Out;
  std::vector<char> Seen(F.Functions.size(), 0);
  std::deque<uint32_t> Work;
  for (uint32_t S : Start)
    if (counts(S) && !Seen[S]) {
      Seen[S] = 1;
      Work.push_back(S);
    }
  while (!Work.empty()) {
    uint32_t N = Work.front();
    Work.pop_front();
    Out.push_back(N);
    for (uint32_t C : Callers[N])
      if (!Seen[C]) {
        Seen[C] = 1;
        Work.push_back(C);
      }
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

} // namespace dispatch::scan
