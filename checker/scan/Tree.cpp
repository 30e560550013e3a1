#include "Reports.h"

#include <set>
#include <sstream>

namespace dispatch::scan {

std::vector<const DeclarationImpact *> findDeclarations(const ImpactAnalysis &A,
                                                        const std::string &Query) {
  std::vector<const DeclarationImpact *> Out;
  const auto &Is = A.impacts();
  char *End = nullptr;
  unsigned long Rank = std::strtoul(Query.c_str(), &End, 10);
  if (!Query.empty() && End && *End == 0 && Rank >= 1 && Rank <= Is.size())
    return {&Is[Rank - 1]};
  for (const DeclarationImpact &I : Is)
    if (I.Id == Query || I.Decl->Usr == Query || I.Decl->name() == Query ||
        I.Decl->Finding.QualifiedName == Query || fileAndLine(I.Decl->loc()) == Query)
      Out.push_back(&I);
  return Out;
}

namespace {

class TreePrinter {
public:
  TreePrinter(const ImpactAnalysis &A, unsigned Depth) : A(A), F(A.facts()), MaxDepth(Depth) {}

  std::string print(const DeclarationImpact &I) {
    const DeclarationFact &D = *I.Decl;
    OS << D.Finding.QualifiedName << " [" << D.check() << "] at " << D.loc().str();
    if (D.atSite())
      OS << " (declared at " << D.Finding.DeclLoc.str() << ")";
    size_t N = I.WrittenSites;
    OS << ": " << N << (N == 1 ? " dependent site, " : " dependent sites, ") << I.Children.size()
       << " children\n";
    // A site written in a template once, under it every specialisation
    // that holds it (I.Sites is by position: one location's are adjacent).
    for (size_t S = 0; S < I.Sites.size();) {
      size_t End = S + 1;
      while (End < I.Sites.size() && I.Sites[End]->Loc == I.Sites[S]->Loc)
        ++End;
      bool Last = End == I.Sites.size();
      OS << (Last ? "└─ " : "├─ ") << siteKindName(I.Sites[S]->How) << " at "
         << I.Sites[S]->Loc.str() << "\n";
      for (size_t In = S; In < End; ++In) {
        std::set<uint32_t> Path;
        node(I.Sites[In]->In, Last ? "   " : "│  ", In + 1 == End, 1, Path);
      }
      S = End;
    }
    return OS.str();
  }

private:
  // One function: its children count, then its callers up to MaxDepth.
  void node(uint32_t Fn, const std::string &Indent, bool Last, unsigned Level,
            std::set<uint32_t> &Path) {
    size_t Children = A.closureOf({Fn}).size() - 1;
    OS << Indent << (Last ? "└─ " : "├─ ") << F.Functions[Fn].Name << " at "
       << fileAndLine(F.Functions[Fn].Loc) << " (" << Children << " children)";
    if (Path.count(Fn)) {
      OS << " (recursive)\n";
      return;
    }
    OS << "\n";
    const auto &Callers = A.callersOf(Fn);
    if (Callers.empty())
      return;
    std::string Next = Indent + (Last ? "   " : "│  ");
    if (Level >= MaxDepth) {
      OS << Next << "└─ … " << Callers.size() << (Callers.size() == 1 ? " caller" : " callers")
         << " below the depth limit\n";
      return;
    }
    Path.insert(Fn);
    for (size_t I = 0; I < Callers.size(); ++I)
      node(Callers[I], Next, I + 1 == Callers.size(), Level + 1, Path);
    Path.erase(Fn);
  }

  const ImpactAnalysis &A;
  const Facts &F;
  unsigned MaxDepth;
  std::ostringstream OS;
};

} // namespace

std::string renderTree(const ImpactAnalysis &A, const DeclarationImpact &I, unsigned Depth) {
  return TreePrinter(A, Depth).print(I);
}

} // namespace dispatch::scan
