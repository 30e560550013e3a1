#include "DispatchCheck.h"
#include "Matchers.h"

#include "CheckRegistry.h"

#include "dispatch/AstNavigation.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/SemaAccess.h"

#include "dispatch/Options.h"
#include "dispatch/TemplateFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"

#include <map>
#include <mutex>
#include <set>

namespace dispatch {

using namespace clang;

/// Knowledge files are read once per process for each set of paths; every
/// check of every TU shares the result.
static std::shared_ptr<const Knowledge> knowledgeFor(const std::vector<std::string> &Files,
                                                     std::string &Error) {
  static std::mutex Lock;
  static std::map<std::vector<std::string>, std::shared_ptr<const Knowledge>> Cache;
  if (Files.empty())
    return std::shared_ptr<const Knowledge>(&Knowledge::builtin(), [](const Knowledge *) {});
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Cache.find(Files);
  if (It != Cache.end())
    return It->second;
  llvm::Expected<Knowledge> K = Knowledge::withFiles(Files);
  std::shared_ptr<const Knowledge> Result;
  if (K) {
    Result = std::make_shared<const Knowledge>(std::move(*K));
  } else {
    Error = llvm::toString(K.takeError());
    Result = std::shared_ptr<const Knowledge>(&Knowledge::builtin(), [](const Knowledge *) {});
  }
  return Cache[Files] = Result;
}

static std::vector<std::string> knowledgeFiles(tidy::ClangTidyCheck::OptionsView &Options,
                                               llvm::StringRef BuildDir) {
  std::vector<std::string> Files = splitList(Options.getLocalOrGlobal("KnowledgeFiles", ""));
  // Relative paths are relative to the compilation's working directory.
  for (std::string &F : Files)
    if (!llvm::sys::path::is_absolute(F) && !BuildDir.empty()) {
      llvm::SmallString<256> P(BuildDir);
      llvm::sys::path::append(P, F);
      F = P.str().str();
    }
  return Files;
}

static OwnershipOptions readOwnership(tidy::ClangTidyCheck::OptionsView &Options,
                                      const Knowledge &K, bool VendoredByCopyright) {
  OwnershipOptions Opts;
  Opts.VendoredByCopyright = VendoredByCopyright;
  Opts.CopyrightStopWords = K.CopyrightStopWords;
  Opts.AuxiliaryDirs =
      splitList(Options.getLocalOrGlobal("AuxiliaryDirs", joinList(K.AuxiliaryDirs)));
  Opts.InternalNamespaces = splitList(
      Options.getLocalOrGlobal("InternalNamespaces", joinList(K.InternalNamespaces)));
  Opts.SourceRoots = splitList(Options.getLocalOrGlobal("SourceRoots", ""));
  Opts.ThirdPartyDirs =
      splitList(Options.getLocalOrGlobal("ThirdPartyDirs", joinList(K.ThirdPartyDirs)));
  Opts.ThirdPartyMarkers =
      splitList(Options.getLocalOrGlobal("ThirdPartyMarkers", joinList(K.ThirdPartyMarkers)));
  Opts.OwnedNamespaces = splitList(Options.getLocalOrGlobal("OwnedNamespaces", ""));
  return Opts;
}

static std::shared_ptr<const Knowledge> loadKnowledge(tidy::ClangTidyCheck::OptionsView &Options,
                                                      tidy::ClangTidyContext &Context,
                                                      std::string &Error) {
  return knowledgeFor(knowledgeFiles(Options, Context.getCurrentBuildDirectory()), Error);
}

DispatchCheck::DispatchCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Context(Context), Name(Name.str()),
      Know([&] {
        std::string Error;
        auto K = loadKnowledge(Options, *Context, Error);
        if (!Error.empty())
          configurationDiag("cannot use KnowledgeFiles: %0; using the built-in knowledge")
              << Error;
        return K;
      }()),
      Ownership(readOwnership(Options, *Know,
                              boolOption("VendoredByCopyright", true, /*Global=*/true))),
      ConstraintPanel(splitList(
          Options.getLocalOrGlobal("ConstraintPanel", OverloadOracle::DefaultPanel))),
      ReportLatent(boolOption("ReportLatent", false, /*Global=*/true)),
      TrimPipeline(mayTrimPipeline(*Context)) {
  if (TrimPipeline)
    skipModuleHeaderExpansion(*Context);
  validateOptions();
}

void DispatchCheck::validateOptions() {
  const RegisteredCheck *Self = findRegisteredCheck(Name);
  if (!Self)
    return; // a scaffolded check not yet in the registry
  // A HeaderFilterRegex llvm::Regex cannot compile matches no header: every
  // finding in a header silently disappears (OGDF's `ogdf/(?!lib/)`). Said
  // once, by the first enabled check of the registry.
  const RegisteredCheck *First = nullptr;
  for (const RegisteredCheck &C : registeredChecks())
    if (!First && Context->isCheckEnabled(C.Name))
      First = &C;
  if (const std::optional<std::string> &Filter = Context->getOptions().HeaderFilterRegex;
      First == Self && Filter && !Filter->empty())
    if (std::string Error = regexError(*Filter); !Error.empty())
      configurationDiag("HeaderFilterRegex '%0' is not a valid regular expression (%1) and "
                        "matches no header")
          << *Filter << Error;
  std::string Prefix = Name + ".";
  for (const auto &Entry : Context->getOptions().CheckOptions) {
    llvm::StringRef Key = Entry.getKey();
    if (!Key.starts_with(Prefix))
      continue;
    llvm::StringRef Option = Key.drop_front(Prefix.size());
    if (isKnownOption(*Self, Option))
      continue;
    std::string Suggestion = closestOption(*Self, Option);
    if (Suggestion.empty())
      configurationDiag("unknown option '%0'; %1 reads no such option") << Key << Name;
    else
      configurationDiag("unknown option '%0'; did you mean '%1%2'?") << Key << Prefix
                                                                      << Suggestion;
  }
}

void DispatchCheck::registerMatchers(ast_matchers::MatchFinder *Finder) {
  if (TrimPipeline)
    ScopeSetter.registerOn(*Finder);
  registerCheckMatchers(Finder);
}

void DispatchCheck::check(const ast_matchers::MatchFinder::MatchResult &Result) {
  Ctx = Result.Context;
  onMatch(Result);
}

void DispatchCheck::onEndOfTranslationUnit() {
  if (Ctx)
    finishTranslationUnit(*Ctx);
  resetTranslationUnit();
  Ctx = nullptr;
  Oracle.reset();
  Tracer.reset();
  OracleTried = FallbackNoted = false;
}

OverloadOracle *DispatchCheck::oracle() {
  if (!OracleTried && Ctx) {
    OracleTried = true;
    if (clang::Sema *S = semaFor(*Ctx, PP)) {
      Oracle.emplace(*S);
      Oracle->setPanel(ConstraintPanel);
    }
  }
  return Oracle ? &*Oracle : nullptr;
}

void DispatchCheck::noteModelFallback(Finding &F) {
  if (FallbackNoted)
    return;
  FallbackNoted = true;
  F.note(F.Loc,
         "no live Sema in this run: the overload facts of this translation unit come from "
         "the AST model (free functions only)",
         NoteRole::Context);
}

Finding DispatchCheck::finding(const NamedDecl *D, WideningKind Kind, SourceLocation Loc,
                               std::string Message) const {
  Finding F;
  F.Check = Name;
  F.Decl = D;
  F.Kind = Kind;
  F.Loc = Loc;
  F.Scope = D && Loc == D->getLocation() ? FindingScope::Declaration : FindingScope::Use;
  F.Message = std::move(Message);
  return F;
}

void DispatchCheck::report(Finding F) {
  // After a fatal error (a missing header) clang goes on parsing without the
  // rest of the includes: scopes can be left open and later declarations land
  // in a library's namespace. Nothing such an AST shows is a finding; clang's
  // own error already says the TU is broken.
  if (Ctx && Ctx->getDiagnostics().hasFatalErrorOccurred())
    return;
  // Like SnoopCompile, only what invalidated something: a declaration with
  // no effect in this TU is latent (dispatch-scan keeps it, marked). So is
  // a finding in the project's tests, benchmarks or experiments: whatever it
  // changes there reaches no user.
  std::string Auxiliary = Ctx ? Ownership.auxiliaryDir(F.Loc, Ctx->getSourceManager()) : "";
  F.Latent |= !Auxiliary.empty();
  if (!shown(F))
    return;
  if (!Auxiliary.empty())
    F.note(F.Loc,
           "latent: in '" + Auxiliary +
               "/', code the project does not ship (shown by the ReportLatent option; "
               "directories: AuxiliaryDirs)",
           NoteRole::Context);
  else if (F.Latent)
    F.note(F.Loc,
           F.LatentReason.empty()
               ? "latent: no effect in this translation unit (shown by the ReportLatent option)"
               : F.LatentReason,
           NoteRole::Context);
  {
    // The message is an argument, never a format string: no '%' escaping.
    DiagnosticBuilder Diag = diag(F.Loc, "%0") << F.Message;
    for (const FixItHint &H : F.Fixes)
      Diag << H;
  } // emitted here, so that the notes below follow it
  for (const FindingNote &N : F.Notes)
    diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Message;
  if (Sink)
    Sink->found(F);
}

bool DispatchCheck::anyShipped(llvm::ArrayRef<SourceLocation> Sites, Finding &F) const {
  if (!Ctx)
    return !Sites.empty();
  std::string Auxiliary;
  for (SourceLocation Loc : Sites) {
    std::string Dir = Ownership.auxiliaryDir(Loc, Ctx->getSourceManager());
    if (Dir.empty())
      return true;
    if (Auxiliary.empty())
      Auxiliary = std::move(Dir);
  }
  if (!Auxiliary.empty())
    F.LatentReason = "latent: its effects in this translation unit are all in '" + Auxiliary +
                     "/', code the project does not ship (shown by the ReportLatent option; "
                     "directories: AuxiliaryDirs)";
  return false;
}

std::string DispatchCheck::wouldDo(Outcome Result, const FunctionDecl *Function,
                                   const CallSite &Site) {
  switch (Result) {
  case Outcome::Function:
    // A specialisation is named by its template: its own signature reads as
    // a non-template twin's (`operator<<(std::ostream &, const
    // std::vector<double> &)` beside the template for std::vector<T>).
    if (const FunctionTemplateDecl *T = Function->getPrimaryTemplate();
        T && !explicitSpecialisation(Function))
      return "resolve to the template '" + signatureOf(T->getTemplatedDecl()) + "'" +
             withTemplateArgumentsOf(Function);
    return "resolve to '" + signatureOf(Function) + "'";
  case Outcome::Builtin:
    return "use the " + builtinOperatorName(Site);
  case Outcome::Ambiguous:
    return "be ambiguous";
  case Outcome::NoViable:
    return "have no viable function";
  case Outcome::Deleted:
    break;
  }
  return "";
}

void DispatchCheck::noteWithout(Finding &F, const CallSite &Site, Outcome Result,
                                const FunctionDecl *Function) {
  std::string What = wouldDo(Result, Function, Site);
  if (What.empty())
    return;
  F.note(Result == Outcome::Function ? Function->getLocation() : Site.Loc,
         "without the template, the call would " + What, NoteRole::WouldResolveTo);
}

DispatchCheck::ShownSite DispatchCheck::shownSite(SourceLocation Loc, const Expr *Site) {
  if (!Ctx || !Site || !Ctx->getSourceManager().isInSystemHeader(Loc))
    return {Loc, "here"};
  const auto *FD = dyn_cast_or_null<FunctionDecl>(enclosingCaller(Site, *Ctx));
  if (!Tracer)
    Tracer.emplace(*Ctx);
  InstantiationTracer::ProjectPoint Point = Tracer->projectPoint(FD);
  if (Point.Loc.isInvalid())
    return {Loc, "here"};
  return {Point.Loc, "in '" + scopedNameOf(Point.Instantiated) + "', called here"};
}

/// Whether D is in its lexical context's declarations: what the source
/// declares is; what Sema makes on the side (a specialisation deduction
/// created) is not.
static bool isDeclaredInSource(const Decl *D) {
  return D->getLexicalDeclContext()->containsDecl(const_cast<Decl *>(D));
}

bool DispatchCheck::isWrittenDeclaration(const Decl *D) {
  if (!D || D->isImplicit() || isInInstantiation(D))
    return false;
  if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
    if (FD->isTemplateInstantiation())
      return false;
    // `template <> float scaled<float>(float)` redeclares the specialisation
    // deduction created, which is canonical and in no context: the first
    // one the source declares is the written one.
    if (explicitSpecialisation(FD)) {
      for (const FunctionDecl *P = FD->getPreviousDecl(); P; P = P->getPreviousDecl())
        if (isDeclaredInSource(P))
          return false;
      return isDeclaredInSource(FD);
    }
  }
  return D == D->getCanonicalDecl();
}

void DispatchCheck::registerConversionMatchers(ast_matchers::MatchFinder *Finder) {
  using namespace clang::ast_matchers;
  auto Written = unless(isExpansionInSystemHeader());
  // A member template's explicit specialisation (`template <> S::S(int)`)
  // only gives the template a body for some arguments: the template is the
  // declaration that widens, and its finding has the uses.
  auto AsWritten = allOf(dispatch::matchers::isWrittenDeclaration(),
                         unless(isExplicitTemplateSpecialization()));
  Finder->addMatcher(cxxConstructorDecl(Written, AsWritten).bind("decl"), this);
  Finder->addMatcher(cxxConversionDecl(Written, AsWritten).bind("decl"), this);
  Finder->addMatcher(cxxConstructExpr().bind("construct"), this);
  Finder->addMatcher(
      implicitCastExpr(hasCastKind(clang::CK_UserDefinedConversion)).bind("cast"), this);
}

void DispatchCheck::noteUses(Finding &F, llvm::ArrayRef<clang::SourceLocation> Uses,
                             llvm::StringRef Text, NoteRole Role) {
  // A use written once in a template is seen once per instantiation, at one
  // location: it is noted, and counted, once.
  llvm::SmallVector<SourceLocation, 8> Written;
  llvm::DenseSet<SourceLocation> Seen;
  for (SourceLocation L : Uses)
    if (Seen.insert(L).second)
      Written.push_back(L);
  for (size_t I = 0; I < Written.size() && I < MaxUseNotes; ++I)
    F.note(Written[I], Text.str(), Role);
  if (Written.size() > MaxUseNotes)
    F.note(F.Loc,
           "and " + std::to_string(Written.size() - MaxUseNotes) + " more in this translation unit",
           Role);
}

void DispatchCheck::noteCalls(Finding &F, llvm::ArrayRef<CallNote> Calls, llvm::StringRef More,
                              NoteRole Role) {
  for (size_t I = 0; I < Calls.size() && I < MaxUseNotes; ++I)
    F.note(Calls[I].Loc, Calls[I].Text, Role);
  if (Calls.size() > MaxUseNotes)
    F.note(F.Loc, "and " + std::to_string(Calls.size() - MaxUseNotes) + " more " + More.str(), Role);
}

void DispatchCheck::noteWonCalls(Finding &F, llvm::ArrayRef<WonCall> Calls,
                                 llvm::StringRef More) {
  // A call written in a template is one call per function it resolves to,
  // not one per specialisation holding it: noted, and counted, once.
  std::set<std::pair<unsigned, const FunctionDecl *>> Seen;
  size_t Written = 0;
  for (const WonCall &C : Calls) {
    if (!Seen.insert({C.Site->Loc.getRawEncoding(), C.Site->Chosen}).second ||
        Written++ >= MaxUseNotes)
      continue;
    F.note(C.Site->Loc, C.Text, NoteRole::WonCall);
    if (C.Result)
      noteWithout(F, *C.Site, *C.Result, C.Function);
  }
  if (Written > MaxUseNotes)
    F.note(F.Loc,
           "and " + plural(Written - MaxUseNotes, "more call", "more calls") + " " + More.str(),
           NoteRole::WonCall);
}

void DispatchCheck::noteNoFix(Finding &F, const ConversionSite *Blocker) {
  if (Blocker)
    F.note(Blocker->Loc, "no automatic fix: this use is " + Blocker->NotRewritable,
           NoteRole::NoFix);
}

void DispatchCheck::attachExplicitFix(Finding &F, const FunctionDecl *D,
                                      ConversionSiteIndex::ExplicitFix Fix) {
  if (!Fix.Hints.empty()) {
    F.FixAction = "make '" + signatureOf(D) + "' explicit";
    F.FixRewrites = Fix.RewrittenSites;
  }
  F.Fixes = std::move(Fix.Hints);
  if (!Fix.Unavailable.empty())
    F.note(D->getLocation(), "no automatic fix: " + Fix.Unavailable, NoteRole::NoFix);
  noteNoFix(F, Fix.Blocker);
}

bool DispatchCheck::deferredToAnotherCheck(llvm::StringRef Topic) const {
  const RegisteredCheck *Self = findRegisteredCheck(Name);
  if (!Self || !llvm::is_contained(Self->Defers, Topic))
    return false;
  for (const RegisteredCheck &Other : registeredChecks())
    if (Other.Name != Name && llvm::is_contained(Other.Claims, Topic) &&
        Context->isCheckEnabled(Other.Name))
      return true;
  return false;
}

std::string DispatchCheck::optionOf(llvm::StringRef Check, llvm::StringRef Option,
                                    llvm::StringRef Default) const {
  const auto &Opts = Context->getOptions().CheckOptions;
  auto It = Opts.find((Check + "." + Option).str());
  return It == Opts.end() ? Default.str() : It->second.Value;
}

TransferConfig DispatchCheck::transferConfig() const {
  // The owner's options, wherever they are read from.
  auto Get = [&](llvm::StringRef Key, const std::vector<std::string> &Default) {
    return splitList(optionOf("dispatch-implicit-device-transfer", Key, joinList(Default)));
  };
  TransferConfig C;
  C.DeviceTypes = Get("DeviceTypes", Know->DeviceTypes);
  C.HostTypes = Get("HostTypes", Know->HostTypes);
  C.TransferFunctions = Get("TransferFunctions", Know->TransferFunctions);
  C.K = Know.get();
  return C;
}

bool DispatchCheck::boolOption(llvm::StringRef Name, bool Default, bool Global) {
  const char *Fallback = Default ? "true" : "false";
  std::string Value =
      (Global ? Options.getLocalOrGlobal(Name, Fallback) : Options.get(Name, Fallback)).str();
  if (std::optional<bool> B = parseBool(Value))
    return *B;
  configurationDiag("invalid boolean '%0' for option '%1'; using the default")
      << Value << Name;
  return Default;
}

void DispatchCheck::storeBool(tidy::ClangTidyOptions::OptionMap &Opts, llvm::StringRef Name,
                              bool Value) {
  Options.store(Opts, Name, Value ? "true" : "false");
}

void DispatchCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  const OwnershipOptions &O = Ownership.options();
  Options.store(Opts, "SourceRoots", joinList(O.SourceRoots));
  Options.store(Opts, "ThirdPartyDirs", joinList(O.ThirdPartyDirs));
  Options.store(Opts, "ThirdPartyMarkers", joinList(O.ThirdPartyMarkers));
  Options.store(Opts, "OwnedNamespaces", joinList(O.OwnedNamespaces));
  storeBool(Opts, "VendoredByCopyright", O.VendoredByCopyright);
  Options.store(Opts, "AuxiliaryDirs", joinList(O.AuxiliaryDirs));
  Options.store(Opts, "InternalNamespaces", joinList(O.InternalNamespaces));
  Options.store(Opts, "ConstraintPanel", joinList(ConstraintPanel));
  storeBool(Opts, "ReportLatent", ReportLatent);
}

} // namespace dispatch
