#include "Reports.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace dispatch::scan {

// Display width of UTF-8 text (code points; the headers hold ᵢ and ∑).
static size_t width(const std::string &S) {
  size_t W = 0;
  for (unsigned char C : S)
    W += (C & 0xC0) != 0x80;
  return W;
}

static std::string repeat(const std::string &S, size_t N) {
  std::string R;
  for (size_t I = 0; I < N; ++I)
    R += S;
  return R;
}

static std::string cell(const std::string &S, size_t W, bool Center) {
  size_t Pad = W > width(S) ? W - width(S) : 0;
  size_t Left = Center ? Pad / 2 : 0;
  return " " + std::string(Left, ' ') + S + std::string(Pad - Left, ' ') + " ";
}

static unsigned percent(size_t X, size_t Sum) {
  return Sum ? unsigned(std::lround(100.0 * double(X) / double(Sum))) : 0;
}

/// A box-drawn table like PrettyTables' (SnoopCompile's report): the first
/// column left-aligned, the others centred; Header rows may span two lines.
static std::string boxTable(const std::vector<std::vector<std::string>> &Header,
                            const std::vector<std::vector<std::string>> &Rows) {
  size_t N = Header[0].size();
  std::vector<size_t> W(N, 0);
  for (const auto &R : Header)
    for (size_t I = 0; I < N; ++I)
      W[I] = std::max(W[I], width(R[I]));
  for (const auto &R : Rows)
    for (size_t I = 0; I < N; ++I)
      W[I] = std::max(W[I], width(R[I]));
  auto Rule = [&](const char *L, const char *M, const char *R) {
    std::string S = L;
    for (size_t I = 0; I < N; ++I)
      S += repeat("─", W[I] + 2) + (I + 1 < N ? M : R);
    return S + "\n";
  };
  auto Line = [&](const std::vector<std::string> &R, bool CenterFirst) {
    std::string S = "│";
    for (size_t I = 0; I < N; ++I)
      S += cell(R[I], W[I], I > 0 || CenterFirst) + "│";
    return S + "\n";
  };
  std::string Out = Rule("┌", "┬", "┐");
  for (const auto &R : Header)
    Out += Line(R, false);
  Out += Rule("├", "┼", "┤");
  for (const auto &R : Rows)
    Out += Line(R, false);
  return Out + Rule("└", "┴", "┘");
}

/// Long template names would make every row of the table as wide: cut.
static std::string clip(const std::string &S, size_t Max = 60) {
  return width(S) <= Max ? S : S.substr(0, Max - 1) + "…";
}

std::string renderTable(const ImpactAnalysis &A) {
  std::vector<std::vector<std::string>> Rows;
  for (const DeclarationImpact &I : A.impacts())
    // `--latent` lists them among the effective ones: say which they are.
    Rows.push_back({fileAndLine(I.Decl->loc()),
                    clip(I.Decl->name()) + (I.Decl->Finding.Latent ? " (latent)" : ""),
                    std::to_string(I.ImplicitUses), std::to_string(I.Hijacks),
                    std::to_string(I.ViableOnly), std::to_string(I.WrittenSites),
                    std::to_string(I.Children.size()),
                    std::to_string(percent(I.Children.size(), A.sumOfImpacts()))});
  // Dependent sites are what the impact is computed from; the columns before
  // them name the kinds a reader acts on (a foreign overload's calls that
  // would not compile without it are sites of no other column).
  return boxTable({{"<file>:<line>", "Function Name", "Implicit", "Hijacks", "Viable",
                    "Dependent", "Impact", "Impact %"},
                   {"", "", "uses", "", "only", "sites", "", "(xᵢ/∑x)"}},
                  Rows);
}

std::string renderTotals(const ImpactAnalysis &A, const std::string &By) {
  std::map<std::string, std::pair<size_t, size_t>> Groups; // declarations, impact
  for (const DeclarationImpact &I : A.impacts()) {
    auto &G = Groups[By == "file" ? I.Decl->loc().File : I.Decl->check()];
    ++G.first;
    G.second += I.Children.size();
  }
  std::vector<std::pair<std::string, std::pair<size_t, size_t>>> Sorted(Groups.begin(),
                                                                       Groups.end());
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const auto &X, const auto &Y) { return X.second.second > Y.second.second; });
  std::vector<std::vector<std::string>> Rows;
  for (const auto &[K, V] : Sorted)
    Rows.push_back({K, std::to_string(V.first), std::to_string(V.second),
                    std::to_string(percent(V.second, A.sumOfImpacts()))});
  return boxTable({{By == "file" ? "File" : "Check", "Declarations", "Impact", "Impact %"},
                   {"", "", "", "(xᵢ/∑x)"}},
                  Rows);
}

std::string renderSummary(const ImpactAnalysis &A, size_t OdrCount) {
  const Facts &F = A.facts();
  size_t Errors = 0, Crashes = 0;
  for (const TuFact &T : F.Tus) {
    Errors += T.CompileErrors > 0;
    Crashes += T.Crashed;
  }
  std::ostringstream OS;
  OS << A.impacts().size() << " widening declarations affect " << A.totalAffected()
     << " distinct functions (∑x = " << A.sumOfImpacts() << ")";
  if (A.restricted())
    OS << " reachable from the entry points";
  OS << "; " << F.Tus.size() << " translation units, " << F.Functions.size()
     << " functions in the call graph";
  if (Errors || Crashes)
    OS << "; " << Errors << " with compile errors, " << Crashes << " crashed";
  if (OdrCount)
    OS << "; " << OdrCount << " ODR divergences [dispatch-odr-divergence]";
  OS << "\n";
  for (const std::string &E : A.unmatchedEntries())
    OS << "warning: entry point '" << E << "' matches no function in the call graph\n";
  return OS.str();
}

} // namespace dispatch::scan
