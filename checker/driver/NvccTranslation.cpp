// nvcc → clang, from nvcc-rules.json. The translation mirrors
// integrations/cuda/nvcc_to_clang.py step for step (same rule order, same
// splitting at the first '=', same handling of a missing value): the
// parity test compares both on varied command lines.
#include "NvccTranslation.h"

#include "NvccRulesFiles.inc" // integrations/cuda/nvcc-rules.json, embedded

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <nlohmann/json.hpp>

namespace dispatch::driver {

namespace {

using nlohmann::json;

constexpr unsigned SupportedVersion = 1;
// The placeholders of "extras", in the order nvcc_to_clang._expand tries them.
constexpr const char *PlaceholderNames[] = {"cuda", "shims"};

llvm::Error rulesError(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), ("nvcc rules: " + Message).str());
}

// Collects nlohmann's message for text that does not parse (the DOM parser
// without exceptions only says that it failed).
struct ParseErrorMessage : nlohmann::json_sax<json> {
  std::string Message;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t &) override { return true; }
  bool string(string_t &) override { return true; }
  bool binary(binary_t &) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t &) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string &,
                   const nlohmann::detail::exception &E) override {
    Message = E.what();
    return false;
  }
};

enum class Shape { Any, Joined, Prefix };

// One JSON object of the rules: typed reads that name the field on error,
// and a final check that no key was misspelt.
class Section {
public:
  Section(const json &Object, std::string Path) : Object(Object), Path(std::move(Path)) {}

  llvm::Error string(const char *Key, std::string &Out) {
    const json *V = nullptr;
    if (llvm::Error E = member(Key, V))
      return E;
    if (!V->is_string() || V->get_ref<const std::string &>().empty())
      return rulesError("'" + where(Key) + "' must be a non-empty string");
    Out = V->get<std::string>();
    return llvm::Error::success();
  }

  llvm::Error strings(const char *Key, std::vector<std::string> &Out, Shape S = Shape::Any) {
    const json *V = nullptr;
    if (llvm::Error E = member(Key, V))
      return E;
    if (!V->is_array() || V->empty())
      return rulesError("'" + where(Key) + "' must be a non-empty array of strings");
    Out.clear();
    for (const json &Item : *V) {
      if (!Item.is_string() || Item.get_ref<const std::string &>().empty())
        return rulesError("'" + where(Key) + "' must be a non-empty array of non-empty strings");
      const std::string &Text = Item.get_ref<const std::string &>();
      if (S == Shape::Joined && (Text.back() != '=' || llvm::StringRef(Text).count('=') != 1))
        return rulesError("'" + where(Key) + "': \"" + Text +
                          "\" must end with its only '=' (a joined spelling)");
      if (S == Shape::Prefix && Text.back() != '_')
        return rulesError("'" + where(Key) + "': \"" + Text + "\" must end with '_'");
      Out.push_back(Text);
    }
    return llvm::Error::success();
  }

  llvm::Error strings(const char *Key, std::set<std::string> &Out) {
    std::vector<std::string> List;
    if (llvm::Error E = strings(Key, List))
      return E;
    Out = std::set<std::string>(List.begin(), List.end());
    return llvm::Error::success();
  }

  llvm::Error map(const char *Key, std::map<std::string, std::string> &Out) {
    const json *V = nullptr;
    if (llvm::Error E = member(Key, V))
      return E;
    if (!V->is_object())
      return rulesError("'" + where(Key) + "' must be an object of strings");
    Out.clear();
    for (auto It = V->begin(); It != V->end(); ++It) {
      if (!It.value().is_string() || It.value().get_ref<const std::string &>().empty())
        return rulesError("'" + where(Key) + "." + It.key() + "' must be a non-empty string");
      Out[It.key()] = It.value().get<std::string>();
    }
    return llvm::Error::success();
  }

  llvm::Error section(const char *Key, std::optional<Section> &Out) {
    const json *V = nullptr;
    if (llvm::Error E = member(Key, V))
      return E;
    if (!V->is_object())
      return rulesError("'" + where(Key) + "' must be an object");
    Out.emplace(*V, where(Key));
    return llvm::Error::success();
  }

  llvm::Error spellings(NvccRules::Spellings &Out) {
    if (llvm::Error E = strings("separate", Out.Separate))
      return E;
    return strings("joined", Out.Joined, Shape::Joined);
  }

  void allow(const char *Key) { Read.insert(Key); }

  llvm::Error noOtherKeys() const {
    for (auto It = Object.begin(); It != Object.end(); ++It)
      if (!Read.count(It.key()))
        return rulesError("unknown field '" + where(It.key()) + "'");
    return llvm::Error::success();
  }

private:
  std::string where(llvm::StringRef Key) const {
    return Path.empty() ? Key.str() : Path + "." + Key.str();
  }

  llvm::Error member(const char *Key, const json *&Out) {
    Read.insert(Key);
    auto It = Object.find(Key);
    if (It == Object.end())
      return rulesError("'" + where(Key) + "' is missing");
    Out = &*It;
    return llvm::Error::success();
  }

  const json &Object;
  std::string Path;
  std::set<std::string> Read;
};

// The {name} placeholders of S that are not known.
llvm::Error checkPlaceholders(llvm::StringRef S) {
  for (size_t Open = S.find('{'); Open != llvm::StringRef::npos; Open = S.find('{', Open + 1)) {
    size_t End = Open + 1;
    while (End < S.size() && (llvm::isAlpha(S[End]) || S[End] == '_'))
      ++End;
    if (End == Open + 1 || End == S.size() || S[End] != '}')
      continue;
    llvm::StringRef Name = S.slice(Open + 1, End);
    if (!llvm::is_contained(PlaceholderNames, Name))
      return rulesError("'extras': unknown placeholder {" + Name + "} in \"" + S +
                        "\" (known: {cuda}, {shims})");
  }
  return llvm::Error::success();
}

bool startsWithAny(llvm::StringRef A, const std::vector<std::string> &Prefixes) {
  return llvm::any_of(Prefixes, [&](const std::string &P) { return A.starts_with(P); });
}

bool isOneOf(llvm::StringRef A, const std::vector<std::string> &Spellings) {
  return llvm::is_contained(Spellings, A);
}

// Python's str.strip() over ASCII (it also strips \x1c-\x1f).
llvm::StringRef pythonStrip(llvm::StringRef S) { return S.trim(" \t\n\v\f\r\x1c\x1d\x1e\x1f"); }

bool allDigits(llvm::StringRef S) { return !S.empty() && llvm::all_of(S, llvm::isDigit); }

// posixpath.join(A, B) for one component.
std::string joinPath(llvm::StringRef A, llvm::StringRef B) {
  if (B.starts_with("/"))
    return B.str();
  if (A.empty() || A.ends_with("/"))
    return (A + B).str();
  return (A + "/" + B).str();
}

// nvcc_to_clang._expand: a leading "{name}/rest" joins as a path, other
// placeholders are replaced in one left-to-right pass.
std::string expand(llvm::StringRef T,
                   llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>> Values) {
  for (const auto &[Name, Value] : Values) {
    std::string Head = ("{" + Name + "}/").str();
    if (T.starts_with(Head))
      return joinPath(Value, expand(T.drop_front(Head.size()), Values));
  }
  std::string Out;
  size_t I = 0;
  while (I < T.size()) {
    if (T[I] == '{') {
      size_t End = I + 1;
      while (End < T.size() && (llvm::isAlpha(T[End]) || T[End] == '_'))
        ++End;
      if (End > I + 1 && End < T.size() && T[End] == '}') {
        llvm::StringRef Name = T.slice(I + 1, End);
        auto It = llvm::find_if(Values, [&](const auto &V) { return V.first == Name; });
        if (It != Values.end()) {
          Out += It->second;
          I = End + 1;
          continue;
        }
      }
    }
    Out += T[I++];
  }
  return Out;
}

} // namespace

// The fields of a parsed rules object into R; the first problem found.
static llvm::Error readRules(const json &J, NvccRules &R) {
  if (!J.is_object())
    return rulesError("the top level must be an object");
  Section Top(J, "");
  auto Version = J.find("version");
  Top.allow("version");
  if (Version == J.end())
    return rulesError("'version' is missing");
  if (!Version->is_number_unsigned() || Version->get<uint64_t>() != SupportedVersion)
    return rulesError("unsupported 'version' " + Version->dump() + " (this build reads version " +
                      std::to_string(SupportedVersion) + ")");
  R.Version = SupportedVersion;
  auto Comment = J.find("comment");
  Top.allow("comment");
  if (Comment != J.end() && !Comment->is_string())
    return rulesError("'comment' must be a string");

  std::optional<Section> S;
  if (llvm::Error E = Top.strings("executables", R.Executables))
    return E;

  if (llvm::Error E = Top.section("architecture", S))
    return E;
  if (llvm::Error E = S->spellings(R.Architecture.Options))
    return E;
  if (llvm::Error E = S->strings("value_prefixes", R.Architecture.ValuePrefixes, Shape::Prefix))
    return E;
  if (llvm::Error E = S->string("clang", R.Architecture.Clang))
    return E;
  if (llvm::Error E = S->string("default", R.Architecture.Default))
    return E;
  if (llvm::Error E = S->string("newest", R.Architecture.Newest))
    return E;
  if (llvm::Error E = S->noOtherKeys())
    return E;

  if (llvm::Error E = Top.section("host_compiler", S))
    return E;
  if (llvm::Error E = S->spellings(R.HostCompiler))
    return E;
  if (llvm::Error E = S->noOtherKeys())
    return E;

  if (llvm::Error E = Top.section("relocatable_device_code", S))
    return E;
  if (llvm::Error E = S->spellings(R.RelocatableDeviceCode.Options))
    return E;
  if (llvm::Error E = S->string("enabled", R.RelocatableDeviceCode.Enabled))
    return E;
  if (llvm::Error E = S->strings("clang", R.RelocatableDeviceCode.Clang))
    return E;
  if (llvm::Error E = S->noOtherKeys())
    return E;

  if (llvm::Error E = Top.section("device_compile", S))
    return E;
  if (llvm::Error E = S->strings("switches", R.DeviceCompile.Switches))
    return E;
  if (llvm::Error E = S->strings("clang", R.DeviceCompile.Clang))
    return E;
  if (llvm::Error E = S->noOtherKeys())
    return E;

  if (llvm::Error E = Top.section("language", S))
    return E;
  if (llvm::Error E = S->strings("separate", R.Language.Separate))
    return E;
  if (llvm::Error E = S->string("clang", R.Language.Clang))
    return E;
  if (llvm::Error E = S->map("map", R.Language.Map))
    return E;
  if (llvm::Error E = S->noOtherKeys())
    return E;

  if (llvm::Error E = Top.strings("split_at_equals", R.SplitAtEquals, Shape::Joined))
    return E;

  if (llvm::Error E = Top.section("std", S))
    return E;
  if (llvm::Error E = S->spellings(R.Std.Options))
    return E;
  if (llvm::Error E = S->string("clang", R.Std.Clang))
    return E;
  if (llvm::Error E = S->string("default", R.Std.Default))
    return E;
  if (llvm::Error E = S->noOtherKeys())
    return E;

  if (llvm::Error E = Top.section("options_files", S))
    return E;
  if (llvm::Error E = S->spellings(R.OptionsFiles))
    return E;
  if (llvm::Error E = S->noOtherKeys())
    return E;

  if (llvm::Error E = Top.strings("drop_with_value", R.DropWithValue))
    return E;
  if (llvm::Error E = Top.strings("drop", R.Drop))
    return E;
  if (llvm::Error E = Top.strings("drop_prefixes", R.DropPrefixes))
    return E;
  if (llvm::Error E = Top.strings("extras", R.Extras))
    return E;
  for (const std::string &X : R.Extras)
    if (llvm::Error E = checkPlaceholders(X))
      return E;
  return Top.noOtherKeys();
}

llvm::Expected<NvccRules> NvccRules::parse(llvm::StringRef Text) {
  json J = json::parse(Text.begin(), Text.end(), /*cb=*/nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded()) {
    ParseErrorMessage Sax;
    json::sax_parse(Text.begin(), Text.end(), &Sax);
    return rulesError("not valid JSON: " + (Sax.Message.empty() ? "parse error" : Sax.Message));
  }
  NvccRules R;
  if (llvm::Error E = readRules(J, R))
    return E;
  return R;
}

const NvccRules &NvccRules::builtin() {
  static const NvccRules Rules = [] {
    llvm::Expected<NvccRules> R = parse(nvcc_rules_files::nvcc_rules_json);
    if (!R) // the unit tests parse the same text: a broken table fails them first
      llvm::report_fatal_error(llvm::Twine("embedded nvcc-rules.json: ") +
                               llvm::toString(R.takeError()));
    return std::move(*R);
  }();
  return Rules;
}

bool NvccRules::isNvccExecutable(llvm::StringRef Argv0) const {
  return isOneOf(llvm::sys::path::filename(Argv0), Executables);
}

// sm_100 → sm_90, sm_90a → sm_90 (Newest = sm_90): what clang can compile
// for (nvcc_to_clang._known).
static std::string knownArchitecture(llvm::StringRef Arch, llvm::StringRef Newest) {
  auto Number = [](llvm::StringRef A) -> std::optional<unsigned> {
    if (!A.consume_front("sm_"))
      return std::nullopt;
    llvm::StringRef Digits = A.take_while(llvm::isDigit);
    unsigned N = 0;
    if (Digits.empty() || Digits.getAsInteger(10, N))
      return std::nullopt;
    return N;
  };
  std::optional<unsigned> N = Number(Arch), Max = Number(Newest);
  if (!N || !Max)
    return Arch.str();
  if (*N > *Max)
    return Newest.str();
  return "sm_" + std::to_string(*N);
}

std::optional<std::string> NvccRules::architectureOf(llvm::StringRef Value) const {
  std::string Commas = Value.str();
  for (char &C : Commas)
    if (C == '[' || C == ']' || C == '=')
      C = ',';
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(Commas).split(Parts, ',');
  for (llvm::StringRef Part : Parts) {
    Part = pythonStrip(Part);
    if (startsWithAny(Part, Architecture.ValuePrefixes))
      return knownArchitecture("sm_" + Part.split('_').second.str(), Architecture.Newest);
    if (allDigits(Part))
      return knownArchitecture("sm_" + Part.str(), Architecture.Newest);
  }
  return std::nullopt;
}

std::vector<std::string> NvccRules::extras(llvm::StringRef CudaPath,
                                           llvm::StringRef ShimsIncludeDir) const {
  const std::pair<llvm::StringRef, llvm::StringRef> Values[] = {{"cuda", CudaPath},
                                                                {"shims", ShimsIncludeDir}};
  std::vector<std::string> Out;
  for (const std::string &X : Extras)
    Out.push_back(expand(X, Values));
  return Out;
}

std::vector<std::string> NvccRules::translate(llvm::ArrayRef<std::string> Args,
                                              const NvccTranslationOptions &O) const {
  std::vector<std::string> Out = {O.ClangXX};
  std::vector<std::string> Archs;
  auto AddArch = [&](llvm::StringRef Value) {
    std::optional<std::string> A = architectureOf(Value);
    if (A && !llvm::is_contained(Archs, *A))
      Archs.push_back(std::move(*A));
  };
  auto AddList = [&](llvm::StringRef List) {
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    List.split(Parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (llvm::StringRef P : Parts)
      Out.push_back(P.str());
  };
  auto Append = [&](const std::vector<std::string> &Xs) {
    Out.insert(Out.end(), Xs.begin(), Xs.end());
  };

  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    bool HasNext = I + 1 < Args.size();
    llvm::StringRef Next = HasNext ? llvm::StringRef(Args[I + 1]) : llvm::StringRef();
    if (HasNext && isOneOf(A, Architecture.Options.Separate)) {
      AddArch(Next);
      ++I;
    } else if (startsWithAny(A, Architecture.Options.Joined)) {
      AddArch(A.split('=').second);
    } else if (HasNext && isOneOf(A, HostCompiler.Separate)) {
      AddList(Next);
      ++I;
    } else if (startsWithAny(A, HostCompiler.Joined)) {
      AddList(A.split('=').second);
    } else if (HasNext && isOneOf(A, RelocatableDeviceCode.Options.Separate)) {
      if (Next == RelocatableDeviceCode.Enabled)
        Append(RelocatableDeviceCode.Clang);
      ++I;
    } else if (startsWithAny(A, RelocatableDeviceCode.Options.Joined)) {
      if (A.ends_with("=" + RelocatableDeviceCode.Enabled))
        Append(RelocatableDeviceCode.Clang);
    } else if (isOneOf(A, DeviceCompile.Switches)) {
      Append(DeviceCompile.Clang);
    } else if (HasNext && isOneOf(A, Language.Separate)) {
      auto It = Language.Map.find(Next.str());
      Out.push_back(Language.Clang);
      Out.push_back(It != Language.Map.end() ? It->second : Next.str());
      ++I;
    } else if (startsWithAny(A, SplitAtEquals)) {
      // nvcc's `-isystem=DIR`; to clang a leading `=` means the sysroot.
      auto [Flag, Value] = A.split('=');
      Out.push_back(Flag.str());
      Out.push_back(Value.str());
    } else if (startsWithAny(A, Std.Options.Joined)) {
      Out.push_back(Std.Clang + A.split('=').second.str());
    } else if (HasNext && isOneOf(A, Std.Options.Separate)) {
      Out.push_back(Std.Clang + Next.str());
      ++I;
    } else if (DropWithValue.count(A.str())) {
      ++I; // with its value, if there is one
    } else if (Drop.count(A.str()) || startsWithAny(A, DropPrefixes)) {
      // dropped
    } else {
      Out.push_back(A.str());
    }
  }
  if (Archs.empty())
    Archs.push_back(Architecture.Default);
  for (const std::string &Arch : Archs)
    Out.push_back(Architecture.Clang + Arch);
  // nvcc 12+ compiles C++17 when told nothing; clang's CUDA default is C++14.
  if (llvm::none_of(Out, [&](const std::string &A) { return llvm::StringRef(A).starts_with(Std.Clang); }))
    Out.push_back(Std.Clang + Std.Default);
  std::string Shims = O.ShimsIncludeDir.empty() ? defaultShimsIncludeDir() : O.ShimsIncludeDir;
  Append(extras(O.CudaPath, Shims));
  return Out;
}

std::vector<std::string> NvccRules::spliceOptionsFiles(llvm::ArrayRef<std::string> Args,
                                                       llvm::StringRef Directory) const {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    std::optional<llvm::StringRef> Path;
    size_t Step = 0;
    if (I + 1 < Args.size() && isOneOf(A, OptionsFiles.Separate)) {
      Path = Args[I + 1];
      Step = 1;
    } else if (startsWithAny(A, OptionsFiles.Joined)) {
      Path = A.split('=').second;
    }
    if (Path) {
      llvm::SmallString<256> Full(*Path);
      llvm::sys::fs::make_absolute(Directory, Full);
      if (auto Buffer = llvm::MemoryBuffer::getFile(Full)) {
        llvm::BumpPtrAllocator Alloc;
        llvm::StringSaver Saver(Alloc);
        llvm::SmallVector<const char *, 32> Tokens;
        llvm::cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Tokens);
        for (const char *T : Tokens)
          if (T) // the tokenizer marks line ends with null
            Out.push_back(T);
        I += Step;
        continue;
      }
    }
    Out.push_back(A.str());
  }
  return Out;
}

namespace {
/// The commands of Base, with nvcc's options files spliced in.
class NvccOptionsFilesDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit NvccOptionsFilesDatabase(std::unique_ptr<CompilationDatabase> Base)
      : Base(std::move(Base)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef FilePath) const override {
    return splice(Base->getCompileCommands(FilePath));
  }
  std::vector<std::string> getAllFiles() const override { return Base->getAllFiles(); }
  std::vector<clang::tooling::CompileCommand> getAllCompileCommands() const override {
    return splice(Base->getAllCompileCommands());
  }

private:
  static std::vector<clang::tooling::CompileCommand>
  splice(std::vector<clang::tooling::CompileCommand> Commands) {
    for (clang::tooling::CompileCommand &C : Commands)
      if (isNvccCommand(C))
        C.CommandLine = NvccRules::builtin().spliceOptionsFiles(C.CommandLine, C.Directory);
    return Commands;
  }
  std::unique_ptr<CompilationDatabase> Base;
};
} // namespace

std::unique_ptr<clang::tooling::CompilationDatabase>
withNvccOptionsFiles(std::unique_ptr<clang::tooling::CompilationDatabase> DB) {
  return std::make_unique<NvccOptionsFilesDatabase>(std::move(DB));
}

std::string defaultShimsIncludeDir() {
  static const std::string Dir = [] {
    std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, (void *)&defaultShimsIncludeDir);
    if (!Exe.empty()) {
      llvm::SmallString<256> Installed(
          llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
      llvm::sys::path::append(Installed, "share", "dispatch-tidy", "cuda", "include");
      if (llvm::sys::fs::is_directory(Installed))
        return Installed.str().str();
    }
    return std::string(DISPATCH_NVCC_SHIMS_SOURCE_DIR);
  }();
  return Dir;
}

bool isNvccCommand(const clang::tooling::CompileCommand &Command) {
  return !Command.CommandLine.empty() &&
         NvccRules::builtin().isNvccExecutable(Command.CommandLine.front());
}

std::vector<std::string> translateNvccArguments(llvm::ArrayRef<std::string> Args,
                                                const NvccTranslationOptions &Options) {
  const NvccRules &Rules = Options.Rules ? *Options.Rules : NvccRules::builtin();
  return Rules.translate(Args, Options);
}

clang::tooling::ArgumentsAdjuster nvccToClangAdjuster(NvccTranslationOptions Options) {
  if (Options.ShimsIncludeDir.empty())
    Options.ShimsIncludeDir = defaultShimsIncludeDir();
  return [Options = std::move(Options)](const clang::tooling::CommandLineArguments &Args,
                                        llvm::StringRef /*Filename*/) {
    const NvccRules &Rules = Options.Rules ? *Options.Rules : NvccRules::builtin();
    if (Args.empty() || !Rules.isNvccExecutable(Args.front()))
      return Args;
    return Rules.translate(Args, Options);
  };
}

} // namespace dispatch::driver
