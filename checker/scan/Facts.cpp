#include "Facts.h"

#include "FixUnion.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "dispatch/LLVMCompat.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace dispatch::scan {

using nlohmann::json;

static constexpr const char *FormatName = "dispatch-scan-facts";
static constexpr int FormatVersion = 2;

std::string fileAndLine(const Location &L) {
  return L.Line ? L.File + ":" + std::to_string(L.Line) : L.File;
}

const char *declKindName(DeclKind K) {
  switch (K) {
  case DeclKind::ConversionOperator:
    return "conversion-operator";
  case DeclKind::ConversionOperatorTemplate:
    return "conversion-operator-template";
  case DeclKind::ConvertingConstructor:
    return "converting-constructor";
  case DeclKind::ConstructorTemplate:
    return "constructor-template";
  case DeclKind::Operator:
    return "operator";
  case DeclKind::OperatorTemplate:
    return "operator-template";
  case DeclKind::Function:
    return "function";
  case DeclKind::FunctionTemplate:
    return "function-template";
  case DeclKind::Class:
    return "class";
  case DeclKind::Declaration:
    return "declaration";
  }
  return "declaration";
}

std::optional<DeclKind> declKindFromName(llvm::StringRef Name) {
  for (int K = 0; K <= int(DeclKind::Declaration); ++K)
    if (Name == declKindName(DeclKind(K)))
      return DeclKind(K);
  return std::nullopt;
}

const char *siteKindName(SiteKind K) {
  switch (K) {
  case SiteKind::Call:
    return "call";
  case SiteKind::Construct:
    return "construct";
  case SiteKind::Conversion:
    return "conversion";
  }
  return "call";
}

std::optional<SiteKind> siteKindFromName(llvm::StringRef Name) {
  for (int K = 0; K <= int(SiteKind::Conversion); ++K)
    if (Name == siteKindName(SiteKind(K)))
      return SiteKind(K);
  return std::nullopt;
}

static std::string siteKey(const SiteFact &S, const std::string &InUsr) {
  return S.Decl + "|" + S.Loc.str() + "|" + InUsr;
}

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
    SiteKeys.insert(siteKey(S, Functions[S.In].Usr));
  for (auto [A, B] : Calls)
    CallKeys.insert((uint64_t(A) << 32) | B);
}

uint32_t Facts::addFunction(FunctionFact F) {
  if (!Indexed)
    reindex();
  auto [It, New] = FunctionIndex.try_emplace(F.Usr, uint32_t(Functions.size()));
  if (New)
    Functions.push_back(std::move(F));
  else if (!Functions[It->second].Loc.valid() && F.Loc.valid())
    Functions[It->second].Loc = F.Loc; // a later TU saw the definition
  return It->second;
}

/// Into's fix extended by From's edits: every TU's rewrites of its uses,
/// an edit several TUs share once. Without a fix in one of them, or with
/// overlapping edits, the declaration has no project-wide fix.
static void mergeFix(DeclarationFact &Into, const DeclarationFact &From) {
  FixUnion U;
  U.add(Into.FixIncomplete ? nullptr : &Into.Finding.Fixes);
  U.add(From.FixIncomplete ? nullptr : &From.Finding.Fixes);
  Into.FixIncomplete = !U.complete();
  Into.Finding.Fixes = U.edits();
}

void Facts::addDeclaration(DeclarationFact D) {
  if (!Indexed)
    reindex();
  if (DeclarationKeys.insert(D.key()).second) {
    Declarations.push_back(std::move(D));
    return;
  }
  for (DeclarationFact &Known : Declarations) {
    if (Known.key() != D.key())
      continue;
    // Latent in one TU, effective in another: the effective TU's record
    // (its message and notes name the effect) stands for the declaration.
    if (Known.Finding.Latent && !D.Finding.Latent) {
      mergeFix(D, Known);
      Known = std::move(D);
    } else {
      mergeFix(Known, D);
    }
    return;
  }
}

void Facts::addSite(SiteFact S) {
  if (!Indexed)
    reindex();
  // The same header code is seen by many TUs: one site per location and
  // enclosing function.
  if (SiteKeys.insert(siteKey(S, Functions[S.In].Usr)).second)
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

namespace {

/// Locations in a facts file: [file index, line, column] into one table of
/// paths, since a project has millions of them.
class FileTable {
public:
  json location(const Location &L) {
    if (!L.valid())
      return nullptr;
    return json::array({file(L.File), L.Line, L.Column});
  }
  uint32_t file(const std::string &Path) {
    auto [It, New] = Index.try_emplace(Path, uint32_t(Files.size()));
    if (New)
      Files.push_back(Path);
    return It->second;
  }
  json take() { return std::move(Files); }

private:
  std::unordered_map<std::string, uint32_t> Index;
  std::vector<std::string> Files;
};

/// Reading a facts file: nlohmann reports malformed documents with
/// exceptions, which stop at this edge (Facts::fromJson returns an error).
struct Malformed : std::exception {
  explicit Malformed(std::string What) : What(std::move(What)) {}
  const char *what() const noexcept override { return What.c_str(); }
  std::string What;
};

/// The string in J, moved out (the document is read once).
std::string take(json &J) {
  if (!J.is_string())
    throw Malformed("expected a string, found " + J.dump());
  return std::move(J.get_ref<std::string &>());
}

Location locationFrom(const json &J, const std::vector<std::string> &Files) {
  Location L;
  if (J.is_null())
    return L;
  uint32_t F = J.at(0).get<uint32_t>();
  if (F >= Files.size())
    throw Malformed("file index " + std::to_string(F) + " out of range");
  L.File = Files[F];
  L.Line = J.at(1).get<unsigned>();
  L.Column = J.at(2).get<unsigned>();
  return L;
}

template <class E> E enumFrom(const json &J, std::optional<E> (*FromName)(llvm::StringRef)) {
  std::string Name = J.get<std::string>();
  if (std::optional<E> V = FromName(Name))
    return *V;
  throw Malformed("unknown value '" + Name + "'");
}

} // namespace

json declarationJson(const DeclarationFact &D) {
  const FindingRecord &R = D.Finding;
  return {{"usr", D.Usr},
          {"name", R.DeclName},
          {"qualified_name", R.QualifiedName},
          {"kind", declKindName(D.Kind)},
          {"check", R.Check},
          {"loc", R.Loc.str()},
          {"decl_loc", R.DeclLoc.str()},
          {"message", R.Message},
          {"at_site", D.atSite()}};
}

// Functions, sites, calls and resolutions are arrays rather than objects: a
// project has millions of them and the keys would dominate the file.
json Facts::toJson() const {
  FileTable Table;
  json J;
  J["format"] = FormatName;
  J["version"] = FormatVersion;
  J["root"] = Root;
  json &Fs = J["functions"] = json::array();
  for (const FunctionFact &F : Functions)
    Fs.push_back({F.Usr, F.Name, Table.location(F.Loc), F.Primary});
  json &Ds = J["declarations"] = json::array();
  for (const DeclarationFact &D : Declarations) {
    const FindingRecord &R = D.Finding;
    json Notes = json::array();
    for (const NoteRecord &N : R.Notes)
      Notes.push_back({Table.location(N.Loc), N.Message, noteRoleName(N.Role)});
    Ds.push_back({{"usr", D.Usr},
                  {"decl_usr", D.DeclUsr},
                  {"alternative", D.AlternativeUsr},
                  {"kind", declKindName(D.Kind)},
                  {"check", R.Check},
                  {"widening", wideningKindName(R.Kind)},
                  {"scope", R.Scope == FindingScope::Use ? "use" : "declaration"},
                  {"name", R.DeclName},
                  {"qualified_name", R.QualifiedName},
                  {"loc", Table.location(R.Loc)},
                  {"decl_loc", Table.location(R.DeclLoc)},
                  {"message", R.Message},
                  {"notes", std::move(Notes)},
                  {"implicit_uses", R.ImplicitUses},
                  {"won_calls", R.WonCalls},
                  {"viable_calls", R.ViableCalls},
                  {"latent", R.Latent}});
    // Its fix over every TU: [file index, offset, length, text] edits.
    if (D.FixIncomplete) {
      Ds.back()["fix"] = nullptr;
    } else {
      json Edits = json::array();
      for (const auto &[File, Reps] : R.Fixes)
        for (const clang::tooling::Replacement &Rep : Reps)
          Edits.push_back({Table.file(File), Rep.getOffset(), Rep.getLength(),
                           Rep.getReplacementText().str()});
      Ds.back()["fix"] = {{"action", R.FixAction}, {"rewrites", R.FixRewrites},
                          {"edits", std::move(Edits)}};
    }
  }
  json &Ss = J["sites"] = json::array();
  for (const SiteFact &S : Sites)
    Ss.push_back({S.Decl, Table.location(S.Loc), S.In, siteKindName(S.How)});
  json &Cs = J["calls"] = json::array();
  for (auto [A, B] : Calls)
    Cs.push_back({A, B});
  json &Ts = J["tus"] = json::array();
  for (const TuFact &T : Tus) {
    json Rs = json::array();
    for (const ResolutionFact &R : T.Resolutions)
      Rs.push_back({R.In, Table.location(R.Loc), Table.location(R.MacroSpelling), R.Ordinal,
                    R.Callee});
    Ts.push_back({{"file", T.File},
                  {"pass", T.Pass},
                  {"compile_errors", T.CompileErrors},
                  {"crashed", T.Crashed},
                  {"includes", T.Includes},
                  {"resolutions", std::move(Rs)}});
  }
  J["files"] = Table.take();
  return J;
}

static llvm::Error malformed(const std::string &What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), What);
}

llvm::Expected<Facts> Facts::fromJson(json &&J) {
  if (!J.is_object() || J.value("format", "") != FormatName)
    return malformed("not a dispatch-scan facts file (no \"format\": \"" +
                     std::string(FormatName) + "\")");
  if (J.value("version", 0) != FormatVersion)
    return malformed("facts format version " + std::to_string(J.value("version", 0)) +
                     ", this dispatch-scan reads version " + std::to_string(FormatVersion) +
                     " (collect again)");
  try {
    Facts F;
    F.Indexed = false;
    F.Root = J.value("root", "");
    std::vector<std::string> Files;
    for (json &P : J.at("files"))
      Files.push_back(take(P));
    F.Functions.reserve(J.at("functions").size());
    for (json &E : J.at("functions"))
      F.Functions.push_back(
          {take(E.at(0)), take(E.at(1)), locationFrom(E.at(2), Files), take(E.at(3))});
    auto Fn = [&](const json &E) {
      uint32_t I = E.get<uint32_t>();
      if (I >= F.Functions.size())
        throw Malformed("function index " + std::to_string(I) + " out of range");
      return I;
    };
    for (json &E : J.at("declarations")) {
      DeclarationFact D;
      D.Usr = take(E.at("usr"));
      D.DeclUsr = E.value("decl_usr", D.Usr);
      D.AlternativeUsr = E.value("alternative", std::string());
      D.Kind = enumFrom(E.at("kind"), declKindFromName);
      FindingRecord &R = D.Finding;
      R.Check = take(E.at("check"));
      R.Kind = enumFrom(E.at("widening"), wideningKindFromName);
      R.Scope = E.at("scope") == "use" ? FindingScope::Use : FindingScope::Declaration;
      R.DeclName = take(E.at("name"));
      R.QualifiedName = take(E.at("qualified_name"));
      R.Loc = locationFrom(E.at("loc"), Files);
      R.DeclLoc = locationFrom(E.at("decl_loc"), Files);
      R.Message = take(E.at("message"));
      for (json &N : E.at("notes"))
        R.Notes.push_back(
            {locationFrom(N.at(0), Files), take(N.at(1)), enumFrom(N.at(2), noteRoleFromName)});
      R.ImplicitUses = E.value("implicit_uses", 0u);
      R.WonCalls = E.value("won_calls", 0u);
      R.ViableCalls = E.value("viable_calls", 0u);
      R.Latent = E.value("latent", false);
      D.FixIncomplete = true;
      if (json *Fix = E.contains("fix") ? &E["fix"] : nullptr; Fix && Fix->is_object()) {
        D.FixIncomplete = false;
        R.FixAction = take(Fix->at("action"));
        R.FixRewrites = Fix->value("rewrites", 0u);
        for (json &Edit : Fix->at("edits")) {
          uint32_t I = Edit.at(0).get<uint32_t>();
          if (I >= Files.size())
            throw Malformed("file index " + std::to_string(I) + " out of range");
          if (llvm::Error Err = R.Fixes[Files[I]].add(clang::tooling::Replacement(
                  Files[I], Edit.at(1).get<unsigned>(), Edit.at(2).get<unsigned>(), take(Edit.at(3)))))
            throw Malformed("overlapping edits in the fix of " + D.Usr + ": " +
                            llvm::toString(std::move(Err)));
        }
      }
      F.Declarations.push_back(std::move(D));
    }
    for (json &E : J.at("sites"))
      F.Sites.push_back({take(E.at(0)), locationFrom(E.at(1), Files), Fn(E.at(2)),
                         enumFrom(E.at(3), siteKindFromName)});
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
        T.Resolutions.push_back({Fn(R.at(0)), locationFrom(R.at(1), Files),
                                 locationFrom(R.at(2), Files), R.at(3).get<unsigned>(),
                                 Fn(R.at(4))});
      F.addTu(std::move(T));
    }
    return std::move(F);
  } catch (const std::exception &E) {
    return malformed(E.what());
  }
}

llvm::Expected<Facts> Facts::read(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "%s: cannot open: %s", Path.c_str(),
                                   Buf.getError().message().c_str());
  json J = json::parse((*Buf)->getBuffer().begin(), (*Buf)->getBuffer().end(), nullptr,
                       /*allow_exceptions=*/false);
  if (J.is_discarded())
    return malformed(Path + ": not JSON");
  auto F = fromJson(std::move(J)); // strings are moved out of the document
  if (!F)
    return malformed(Path + ": " + llvm::toString(F.takeError()));
  return F;
}

llvm::Error writeOutput(llvm::StringRef Text, llvm::StringRef Path) {
  if (Path.empty() || Path == "-") {
    llvm::outs() << Text;
    llvm::outs().flush();
    return llvm::Error::success();
  }
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC);
  if (EC)
    return llvm::createStringError(EC, "%s: cannot write: %s", Path.str().c_str(),
                                   EC.message().c_str());
  Out << Text;
  Out.close();
  if (Out.has_error())
    return llvm::createStringError(Out.error(), "%s: cannot write: %s", Path.str().c_str(),
                                   Out.error().message().c_str());
  return llvm::Error::success();
}

llvm::Error Facts::write(const std::string &Path) const {
  return writeOutput(toJson().dump() + "\n", Path);
}

llvm::Expected<Facts> loadFacts(const std::vector<std::string> &Inputs, unsigned Jobs) {
  std::vector<std::string> Files;
  for (const std::string &P : Inputs) {
    if (!llvm::sys::fs::is_directory(P)) {
      Files.push_back(P);
      continue;
    }
    std::vector<std::string> InDir;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(P, EC), End; It != End && !EC; It.increment(EC))
      if (llvm::StringRef(It->path()).ends_with(".json"))
        InDir.push_back(It->path());
    if (EC)
      return llvm::createStringError(EC, "%s: %s", P.c_str(), EC.message().c_str());
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
    std::vector<std::optional<llvm::Expected<Facts>>> Parsed(N);
    {
      dispatch::compat::ThreadPool Pool(llvm::hardware_concurrency(Jobs));
      for (size_t I = 0; I < N; ++I)
        Pool.async([&, I] { Parsed[I].emplace(Facts::read(Files[Start + I])); });
      Pool.wait();
    }
    llvm::Error First = llvm::Error::success();
    for (size_t I = 0; I < N; ++I) {
      llvm::Expected<Facts> &F = *Parsed[I];
      if (!F) {
        if (First)
          llvm::consumeError(F.takeError());
        else
          First = F.takeError();
        continue;
      }
      if (!First)
        All.merge(*F);
    }
    if (First)
      return std::move(First);
  }
  return All;
}

} // namespace dispatch::scan
