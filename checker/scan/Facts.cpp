#include "Facts.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace dispatch::scan {

using nlohmann::json;

static constexpr const char *FormatName = "dispatch-scan-facts";
static constexpr int FormatVersion = 1;

void Facts::reindex() {
  Indexed = true;
  FunctionIndex.clear();
  DeclarationKeys.clear();
  SiteKeys.clear();
  CallKeys.clear();
  for (uint32_t I = 0; I < Functions.size(); ++I)
    FunctionIndex.emplace(Functions[I].Usr, I);
  for (const DeclarationFact &D : Declarations)
    DeclarationKeys.insert(D.key());
  for (const SiteFact &S : Sites)
    SiteKeys.insert(S.Decl + "|" + S.Loc + "|" + Functions[S.In].Usr);
  for (auto [A, B] : Calls)
    CallKeys.insert((uint64_t(A) << 32) | B);
}

uint32_t Facts::addFunction(FunctionFact F) {
  if (!Indexed)
    reindex();
  auto [It, New] = FunctionIndex.try_emplace(F.Usr, uint32_t(Functions.size()));
  if (New)
    Functions.push_back(std::move(F));
  else if (Functions[It->second].Loc.empty() && !F.Loc.empty())
    Functions[It->second].Loc = F.Loc; // a later TU saw the definition
  return It->second;
}

void Facts::addDeclaration(DeclarationFact D) {
  if (!Indexed)
    reindex();
  if (DeclarationKeys.insert(D.key()).second)
    Declarations.push_back(std::move(D));
}

void Facts::addSite(SiteFact S) {
  if (!Indexed)
    reindex();
  // The same header code is seen by many TUs: one site per location and
  // enclosing function.
  if (SiteKeys.insert(S.Decl + "|" + S.Loc + "|" + Functions[S.In].Usr).second)
    Sites.push_back(std::move(S));
}

void Facts::addCall(uint32_t Caller, uint32_t Callee) {
  if (!Indexed)
    reindex();
  if (CallKeys.insert((uint64_t(Caller) << 32) | Callee).second)
    Calls.emplace_back(Caller, Callee);
}

void Facts::addTu(TuFact T) { Tus.push_back(std::move(T)); }

void Facts::merge(const Facts &Other) {
  if (Root.empty())
    Root = Other.Root;
  std::vector<uint32_t> Map(Other.Functions.size());
  for (size_t I = 0; I < Other.Functions.size(); ++I)
    Map[I] = addFunction(Other.Functions[I]);
  for (const DeclarationFact &D : Other.Declarations)
    addDeclaration(D);
  for (SiteFact S : Other.Sites) {
    S.In = Map[S.In];
    addSite(std::move(S));
  }
  for (auto [A, B] : Other.Calls)
    addCall(Map[A], Map[B]);
  for (TuFact T : Other.Tus) {
    for (ResolutionFact &R : T.Resolutions) {
      R.In = Map[R.In];
      R.Callee = Map[R.Callee];
    }
    addTu(std::move(T));
  }
}

/// The string in J, moved out (the document is read once).
static std::string take(json &J) {
  if (!J.is_string())
    throw std::runtime_error("expected a string, found " + J.dump());
  return std::move(J.get_ref<std::string &>());
}

json declarationJson(const DeclarationFact &D) {
  return {{"usr", D.Usr},         {"name", D.Name}, {"qualified_name", D.QualifiedName},
          {"kind", D.Kind},       {"check", D.Check}, {"loc", D.Loc},
          {"decl_loc", D.DeclLoc}, {"message", D.Message}, {"at_site", D.AtSite}};
}

// Functions, sites, calls and resolutions are arrays rather than objects: a
// project has millions of them and the keys would dominate the file.
json Facts::toJson() const {
  json J;
  J["format"] = FormatName;
  J["version"] = FormatVersion;
  J["root"] = Root;
  json &Fs = J["functions"] = json::array();
  for (const FunctionFact &F : Functions)
    Fs.push_back({F.Usr, F.Name, F.Loc, F.Primary});
  json &Ds = J["declarations"] = json::array();
  for (const DeclarationFact &D : Declarations)
    Ds.push_back(declarationJson(D));
  json &Ss = J["sites"] = json::array();
  for (const SiteFact &S : Sites)
    Ss.push_back({S.Decl, S.Loc, S.In, S.How});
  json &Cs = J["calls"] = json::array();
  for (auto [A, B] : Calls)
    Cs.push_back({A, B});
  json &Ts = J["tus"] = json::array();
  for (const TuFact &T : Tus) {
    json Rs = json::array();
    for (const ResolutionFact &R : T.Resolutions)
      Rs.push_back({R.In, R.Loc, R.Callee});
    Ts.push_back({{"file", T.File},
                  {"pass", T.Pass},
                  {"compile_errors", T.CompileErrors},
                  {"crashed", T.Crashed},
                  {"includes", T.Includes},
                  {"resolutions", std::move(Rs)}});
  }
  return J;
}

Facts Facts::fromJson(json &&J) {
  if (J.value("format", "") != FormatName)
    throw std::runtime_error("not a dispatch-scan facts file (no \"format\": \"" +
                             std::string(FormatName) + "\")");
  if (J.value("version", 0) != FormatVersion)
    throw std::runtime_error("facts format version " + std::to_string(J.value("version", 0)) +
                             ", this dispatch-scan reads version " +
                             std::to_string(FormatVersion));
  Facts F;
  F.Indexed = false;
  F.Root = J.value("root", "");
  F.Functions.reserve(J.at("functions").size());
  for (json &E : J.at("functions"))
    F.Functions.push_back({take(E.at(0)), take(E.at(1)), take(E.at(2)), take(E.at(3))});
  auto Fn = [&](const json &E) {
    uint32_t I = E.get<uint32_t>();
    if (I >= F.Functions.size())
      throw std::runtime_error("function index " + std::to_string(I) + " out of range");
    return I;
  };
  for (const json &E : J.at("declarations")) {
    DeclarationFact D;
    D.Usr = E.at("usr").get<std::string>();
    D.Name = E.value("name", "");
    D.QualifiedName = E.value("qualified_name", D.Name);
    D.Kind = E.value("kind", "");
    D.Check = E.at("check").get<std::string>();
    D.Loc = E.at("loc").get<std::string>();
    D.DeclLoc = E.value("decl_loc", D.Loc);
    D.Message = E.value("message", "");
    D.AtSite = E.value("at_site", false);
    F.Declarations.push_back(std::move(D));
  }
  for (json &E : J.at("sites"))
    F.Sites.push_back({take(E.at(0)), take(E.at(1)), Fn(E.at(2)), take(E.at(3))});
  F.Calls.reserve(J.at("calls").size());
  for (const json &E : J.at("calls"))
    F.Calls.emplace_back(Fn(E.at(0)), Fn(E.at(1)));
  for (json &E : J.at("tus")) {
    TuFact T;
    T.File = take(E.at("file"));
    T.Pass = E.value("pass", "");
    T.CompileErrors = E.value("compile_errors", 0u);
    T.Crashed = E.value("crashed", false);
    T.Includes = E.value("includes", std::vector<std::string>{});
    for (json &R : E.at("resolutions"))
      T.Resolutions.push_back({Fn(R.at(0)), take(R.at(1)), Fn(R.at(2))});
    F.addTu(std::move(T));
  }
  return F;
}

Facts Facts::fromJson(const json &J) { return fromJson(json(J)); }

Facts Facts::read(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    throw std::runtime_error(Path + ": cannot open");
  std::stringstream Buf;
  Buf << In.rdbuf();
  try {
    return fromJson(json::parse(Buf.str()));  // the temporary: strings are moved
  } catch (const std::exception &E) {
    throw std::runtime_error(Path + ": " + E.what());
  }
}

void Facts::write(const std::string &Path) const {
  std::ofstream Out(Path, std::ios::binary);
  if (!Out)
    throw std::runtime_error(Path + ": cannot write");
  Out << toJson().dump() << "\n";
}

Facts loadFacts(const std::vector<std::string> &Inputs, unsigned Jobs) {
  std::vector<std::string> Files;
  for (const std::string &P : Inputs) {
    if (!llvm::sys::fs::is_directory(P)) {
      Files.push_back(P);
      continue;
    }
    std::vector<std::string> InDir;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(P, EC), End; It != End && !EC; It.increment(EC))
      if (llvm::StringRef(It->path()).endswith(".json"))
        InDir.push_back(It->path());
    if (EC)
      throw std::runtime_error(P + ": " + EC.message());
    std::sort(InDir.begin(), InDir.end());
    Files.insert(Files.end(), InDir.begin(), InDir.end());
  }
  if (Files.size() == 1)
    return Facts::read(Files[0]);
  // Parsing dominates: files are read in parallel, in batches so that only a
  // batch of parsed facts is in memory at once, and merged in input order.
  Facts All;
  Jobs = std::max(1u, Jobs);
  const size_t Batch = 64 * Jobs;
  for (size_t Start = 0; Start < Files.size(); Start += Batch) {
    size_t N = std::min(Batch, Files.size() - Start);
    std::vector<Facts> Parsed(N);
    std::vector<std::string> Errors(N);
    {
      llvm::ThreadPool Pool(llvm::hardware_concurrency(Jobs));
      for (size_t I = 0; I < N; ++I)
        Pool.async([&, I] {
          try {
            Parsed[I] = Facts::read(Files[Start + I]);
          } catch (const std::exception &E) {
            Errors[I] = E.what();
          }
        });
      Pool.wait();
    }
    for (size_t I = 0; I < N; ++I) {
      if (!Errors[I].empty())
        throw std::runtime_error(Errors[I]);
      All.merge(Parsed[I]);
    }
  }
  return All;
}

ParsedLoc parseLoc(const std::string &Loc) {
  ParsedLoc P;
  size_t C2 = Loc.rfind(':');
  size_t C1 = C2 == std::string::npos || C2 == 0 ? std::string::npos : Loc.rfind(':', C2 - 1);
  if (C1 == std::string::npos) {
    P.File = Loc;
    return P;
  }
  P.File = Loc.substr(0, C1);
  P.Line = unsigned(std::strtoul(Loc.c_str() + C1 + 1, nullptr, 10));
  P.Col = unsigned(std::strtoul(Loc.c_str() + C2 + 1, nullptr, 10));
  return P;
}

std::string fileAndLine(const std::string &Loc) {
  ParsedLoc P = parseLoc(Loc);
  return P.Line ? P.File + ":" + std::to_string(P.Line) : Loc;
}

} // namespace dispatch::scan
