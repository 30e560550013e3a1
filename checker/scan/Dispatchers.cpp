#include "Dispatchers.h"

#include <unordered_map>

namespace dispatch::scan {

unsigned settleDispatchers(Facts &F) {
  std::unordered_map<std::string, uint32_t> ByUsr;
  for (uint32_t I = 0; I < F.Functions.size(); ++I)
    ByUsr.emplace(F.Functions[I].Usr, I);
  std::unordered_map<uint32_t, std::vector<uint32_t>> CalleesOf;
  for (auto [Caller, Callee] : F.Calls)
    CalleesOf[Caller].push_back(Callee);
  unsigned Settled = 0;
  for (DeclarationFact &D : F.Declarations) {
    if (D.AlternativeUsr.empty() || D.Finding.Latent)
      continue;
    auto Alt = ByUsr.find(D.AlternativeUsr);
    if (Alt == ByUsr.end())
      continue;
    for (uint32_t Callee : CalleesOf[Alt->second]) {
      const FunctionFact &C = F.Functions[Callee];
      if (C.Usr != D.DeclUsr && C.Primary != D.DeclUsr)
        continue;
      const FunctionFact &A = F.Functions[Alt->second];
      D.Finding.Latent = true;
      D.Finding.Notes.push_back(
          {A.Loc,
           "latent: '" + A.Name + "' hands the call back to the template (a run-time dispatcher)",
           NoteRole::Context});
      ++Settled;
      break;
    }
  }
  return Settled;
}

} // namespace dispatch::scan
