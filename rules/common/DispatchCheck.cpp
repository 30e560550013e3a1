#include "DispatchCheck.h"

#include "dispatch/Options.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace dispatch {

static OwnershipOptions readOwnership(clang::tidy::ClangTidyCheck::OptionsView &Options) {
  OwnershipOptions Opts;
  Opts.SourceRoots = splitList(Options.getLocalOrGlobal("SourceRoots", ""));
  Opts.ThirdPartyDirs = splitList(Options.getLocalOrGlobal(
      "ThirdPartyDirs", joinList(OwnershipOptions().ThirdPartyDirs)));
  Opts.OwnedNamespaces = splitList(Options.getLocalOrGlobal("OwnedNamespaces", ""));
  return Opts;
}

DispatchCheck::DispatchCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Context(Context), Name(Name.str()),
      Ownership(readOwnership(Options)), TrimPipeline(mayTrimPipeline(*Context)) {
  if (TrimPipeline)
    skipModuleHeaderExpansion(*Context);
}

void DispatchCheck::registerMatchers(clang::ast_matchers::MatchFinder *Finder) {
  if (TrimPipeline)
    ScopeSetter.registerOn(*Finder);
  registerCheckMatchers(Finder);
}

clang::DiagnosticBuilder DispatchCheck::diagWidening(const clang::NamedDecl *D,
                                                     clang::SourceLocation Loc,
                                                     llvm::StringRef Message) {
  if (Observer)
    Observer->widening(Name, D, Loc);
  return diag(Loc, Message);
}

void DispatchCheck::registerConversionMatchers(clang::ast_matchers::MatchFinder *Finder) {
  using namespace clang::ast_matchers;
  auto Written = unless(isExpansionInSystemHeader());
  Finder->addMatcher(cxxConstructorDecl(Written, unless(isImplicit())).bind("decl"), this);
  Finder->addMatcher(cxxConversionDecl(Written, unless(isImplicit())).bind("decl"), this);
  Finder->addMatcher(cxxConstructExpr().bind("construct"), this);
  Finder->addMatcher(
      implicitCastExpr(hasCastKind(clang::CK_UserDefinedConversion)).bind("cast"), this);
}

void DispatchCheck::noteNoFix(const ConversionSite *Blocker) {
  if (Blocker)
    diag(Blocker->Loc, "no automatic fix: this use is %0", clang::DiagnosticIDs::Note)
        << Blocker->NotRewritable;
}

std::string DispatchCheck::otherCheckOption(llvm::StringRef Check, llvm::StringRef Name,
                                            llvm::StringRef Default) const {
  const auto &Opts = Context->getOptions().CheckOptions;
  auto It = Opts.find((Check + "." + Name).str());
  return It == Opts.end() ? Default.str() : It->second.Value;
}

bool DispatchCheck::boolOption(llvm::StringRef Name, bool Default) {
  std::string Value = Options.get(Name, Default ? "true" : "false").str();
  if (std::optional<bool> B = parseBool(Value))
    return *B;
  configurationDiag("invalid boolean '%0' for option '%1'; using the default")
      << Value << Name;
  return Default;
}

void DispatchCheck::storeBool(clang::tidy::ClangTidyOptions::OptionMap &Opts,
                              llvm::StringRef Name, bool Value) {
  Options.store(Opts, Name, Value ? "true" : "false");
}

void DispatchCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  const OwnershipOptions &O = Ownership.options();
  Options.store(Opts, "SourceRoots", joinList(O.SourceRoots));
  Options.store(Opts, "ThirdPartyDirs", joinList(O.ThirdPartyDirs));
  Options.store(Opts, "OwnedNamespaces", joinList(O.OwnedNamespaces));
}

} // namespace dispatch
