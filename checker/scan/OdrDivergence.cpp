#include "OdrDivergence.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>
#include <set>
#include <sstream>

namespace dispatch::scan {

std::vector<OdrDivergence> findOdrDivergences(const Facts &F) {
  // (pass, function, call location) → callee → TUs. A project has millions
  // of resolutions and few divergences: a hash map, sorted at the end.
  struct Key {
    std::string Pass;
    uint32_t In;
    const ResolutionFact *R;
    bool operator==(const Key &O) const {
      return In == O.In && Pass == O.Pass && R->Loc == O.R->Loc &&
             R->MacroSpelling == O.R->MacroSpelling && R->Ordinal == O.R->Ordinal;
    }
  };
  struct Hash {
    size_t operator()(const Key &K) const {
      return (std::hash<std::string>()(K.R->Loc.File) * 31 + K.R->Loc.Line * 131 +
              K.R->Loc.Column) * 31 + K.R->Ordinal + K.In + std::hash<std::string>()(K.Pass);
    }
  };
  std::unordered_map<Key, std::vector<std::pair<uint32_t, std::vector<size_t>>>, Hash> Seen;
  // A callee is compared as written, by name and declaration: a lambda's
  // closure type is each TU's own entity where its function is not inline
  // (spdlog's `SPDLOG_INLINE` is empty in spdlog.cpp), so two records of
  // `is_color_terminal()::(anonymous class)::operator()()` at one location
  // are one function, not two overload sets.
  std::map<std::tuple<std::string, std::string, unsigned, unsigned>, uint32_t> AsWritten;
  auto writtenCallee = [&](uint32_t Id) {
    const FunctionFact &C = F.Functions[Id];
    if (!C.Loc.valid())
      return Id;
    // A template's specialisation by its template as written: instantiated
    // from an out-of-line definition in one TU, declared only in another
    // (SNAP's `TUniChDb::Decompose`), it is located at either.
    if (!C.Primary.empty())
      return AsWritten.try_emplace({C.Name, C.Primary, 0, 0}, Id).first->second;
    return AsWritten.try_emplace({C.Name, C.Loc.File, C.Loc.Line, C.Loc.Column}, Id).first->second;
  };
  for (size_t T = 0; T < F.Tus.size(); ++T) {
    // A TU with compile errors has calls clang could not resolve: its
    // resolutions are not evidence of a different overload set.
    if (F.Tus[T].CompileErrors || F.Tus[T].Crashed)
      continue;
    for (const ResolutionFact &R : F.Tus[T].Resolutions) {
      auto &Sides = Seen[Key{F.Tus[T].Pass, R.In, &R}];
      uint32_t Callee = writtenCallee(R.Callee);
      auto It = std::find_if(Sides.begin(), Sides.end(),
                             [&](const auto &S) { return S.first == Callee; });
      if (It == Sides.end())
        Sides.push_back({Callee, {T}});
      else if (It->second.back() != T)
        It->second.push_back(T);
    }
  }

  std::vector<OdrDivergence> Out;
  for (const auto &[K, Sides] : Seen) {
    if (Sides.size() < 2)
      continue;
    // One TU cannot disagree with itself: two callees from the same TUs only
    // are two specialisations that share an identity (closure types), not
    // two overload sets.
    std::set<size_t> TusInvolved;
    for (const auto &Side : Sides)
      TusInvolved.insert(Side.second.begin(), Side.second.end());
    if (TusInvolved.size() < 2)
      continue;
    OdrDivergence D;
    D.Pass = K.Pass;
    D.Function = K.In;
    D.Loc = K.R->Loc;
    std::vector<std::set<std::string>> Common; // headers every TU of a side saw
    for (const auto &[Callee, Tus] : Sides) {
      OdrDivergence::Side S;
      S.Callee = Callee;
      std::set<std::string> Inter(F.Tus[Tus[0]].Includes.begin(), F.Tus[Tus[0]].Includes.end());
      for (size_t T : Tus) {
        S.Tus.push_back(F.Tus[T].File);
        std::set<std::string> These(F.Tus[T].Includes.begin(), F.Tus[T].Includes.end());
        std::set<std::string> Keep;
        std::set_intersection(Inter.begin(), Inter.end(), These.begin(), These.end(),
                              std::inserter(Keep, Keep.begin()));
        Inter.swap(Keep);
      }
      Common.push_back(std::move(Inter));
      D.Sides.push_back(std::move(S));
    }
    // The headers that made the difference: those declaring one of the
    // callees, seen by every TU of one side and by no TU of the others.
    std::set<std::string> CalleeHeaders;
    for (const auto &S : D.Sides)
      CalleeHeaders.insert(F.Functions[S.Callee].Loc.File);
    for (size_t I = 0; I < Sides.size(); ++I) {
      std::set<std::string> Elsewhere;
      for (size_t J = 0; J < Sides.size(); ++J)
        if (J != I)
          for (size_t T : Sides[J].second)
            Elsewhere.insert(F.Tus[T].Includes.begin(), F.Tus[T].Includes.end());
      for (const std::string &H : Common[I])
        if (!Elsewhere.count(H) && CalleeHeaders.count(H))
          D.Sides[I].HeadersOnlyHere.push_back(H);
    }
    Out.push_back(std::move(D));
  }
  std::sort(Out.begin(), Out.end(), [](const OdrDivergence &A, const OdrDivergence &B) {
    return std::tie(A.Loc.File, A.Loc.Line, A.Loc.Column, A.Pass, A.Function) <
           std::tie(B.Loc.File, B.Loc.Line, B.Loc.Column, B.Pass, B.Function);
  });
  return Out;
}

static std::string join(const std::vector<std::string> &V, size_t Max = 3) {
  std::string S;
  for (size_t I = 0; I < V.size() && I < Max; ++I)
    S += (I ? ", " : "") + V[I];
  if (V.size() > Max)
    S += " and " + std::to_string(V.size() - Max) + " more";
  return S;
}

std::string odrMessage(const OdrDivergence &D, const Facts &F) {
  std::ostringstream OS;
  OS << D.Loc.str() << ": warning: '" << F.Functions[D.Function].Name
     << "' is compiled differently by different translation units"
     << (D.Pass.empty() ? "" : " (" + D.Pass + " pass)") << ": this call resolves to ";
  for (size_t I = 0; I < D.Sides.size(); ++I) {
    const auto &S = D.Sides[I];
    const FunctionFact &C = F.Functions[S.Callee];
    OS << (I == 0 ? "" : I + 1 == D.Sides.size() ? ", and to " : ", to ") << "'" << C.Name
       << "' (" << fileAndLine(C.Loc) << ") in " << join(S.Tus);
    if (!S.HeadersOnlyHere.empty())
      OS << " (only " << (S.Tus.size() == 1 ? "it includes " : "they include ")
         << join(S.HeadersOnlyHere) << ")";
  }
  OS << "; the linker keeps one of them (an ODR violation): declare every overload before "
        "the inline function or make the headers self-contained [dispatch-odr-divergence]";
  return OS.str();
}

} // namespace dispatch::scan
