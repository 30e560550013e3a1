#include "GreedyConstructorCheck.h"

#include "../common/Matchers.h"
#include "dispatch/AstNavigation.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/FixBuilders.h"
#include "dispatch/TemplateFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {

GreedyConstructorCheck::GreedyConstructorCheck(llvm::StringRef Name,
                                               tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context), MakeExplicit(boolOption("MakeExplicit", true)),
      Inserter(Options.getLocalOrGlobal("IncludeStyle", tidy::utils::IncludeSorter::IS_LLVM),
               areDiagsSelfContained()) {
  Sites.setFilter([this](const FunctionDecl *Written) {
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(Written);
    return Ctor && classifyGreedyConstructor(Ctor) && isOwned(Ctor);
  });
}

void GreedyConstructorCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  DispatchCheck::storeOptions(Opts);
  storeBool(Opts, "MakeExplicit", MakeExplicit);
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
}

void GreedyConstructorCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                                                 Preprocessor *ModuleExpanderPP) {
  DispatchCheck::registerPPCallbacks(SM, PP, ModuleExpanderPP);
  // Only the TU's own #include lines matter, which the main preprocessor
  // reports with or without clang-tidy's module-header re-lexing.
  Inserter.registerPreprocessor(PP);
}

void GreedyConstructorCheck::registerCheckMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionTemplateDecl(unless(isExpansionInSystemHeader()),
                                          matchers::isWrittenDeclaration(),
                                          has(cxxConstructorDecl().bind("ctor"))),
                     this);
  Finder->addMatcher(cxxConstructExpr().bind("construct"), this);
  // Instantiations too: `auto overloaded(T &&...)` says what it returns only
  // once deduced.
  Finder->addMatcher(functionDecl(unless(isExpansionInSystemHeader())).bind("fn"), this);
}

/// The class a function returns by value, as written (a class template's
/// pattern, also for a dependent `helper<Fs...>`), or null.
static const CXXRecordDecl *returnedClass(const FunctionDecl *FD) {
  QualType T = FD->getReturnType();
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    if (const auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(
            TST->getTemplateName().getAsTemplateDecl()))
      return CTD->getTemplatedDecl()->getCanonicalDecl();
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
    return writtenClass(RD);
  return nullptr;
}

void GreedyConstructorCheck::onMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *E = Result.Nodes.getNodeAs<CXXConstructExpr>("construct")) {
    if (const CXXConstructorDecl *C = E->getConstructor(); C && C->getPrimaryTemplate())
      Constructions[writtenDecl(C)].push_back(E);
    else if (C && C->isCopyOrMoveConstructor())
      if (const CXXRecordDecl *RD = writtenClass(C->getParent()); declaresCtorTemplate(RD))
        Copies[RD].push_back(E);
    return Sites.addConstruct(E, *Result.Context);
  }
  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn")) {
    if (const CXXRecordDecl *RD = returnedClass(FD);
        RD && !ownership().internalNamespace(FD) && ownership().internalNamespace(RD))
      ReturnedBy.try_emplace(RD, FD);
    return;
  }
  const auto *Ctor = Result.Nodes.getNodeAs<CXXConstructorDecl>("ctor");
  if (!Ctor)
    return;
  if (std::optional<GreedyForm> Form = classifyGreedyConstructor(Ctor))
    if (isOwned(Ctor))
      Found.push_back({Ctor, *Form});
}

static std::string consequence(GreedyForm Form, const std::string &Class, bool Explicit) {
  switch (Form) {
  case GreedyForm::ForwardingRef:
    return "it out-ranks the copy constructor of '" + Class +
           "' for non-const lvalues and the copy/move constructors for derived objects";
  case GreedyForm::LvalueRef:
    return "it out-ranks the copy constructor of '" + Class + "' for non-const lvalues";
  case GreedyForm::ByValue:
    // Never a copy, never copy-initialisation when explicit: what it takes
    // are the spelled constructions another constructor had (`E(n)` for a
    // size_t `n` beside `explicit E(int)`).
    return Explicit ? "every spelled construction of '" + Class +
                          "' from one argument considers it, and it wins wherever the "
                          "argument needs a conversion for the other constructors"
                    : "every type becomes implicitly convertible to '" + Class + "'";
  case GreedyForm::Variadic:
    return "every argument list is accepted, a single '" + Class +
           "' or derived object included";
  }
  return "";
}

bool GreedyConstructorCheck::declaresCtorTemplate(const CXXRecordDecl *RD) {
  auto [It, New] = HasCtorTemplate.try_emplace(RD, false);
  if (New && RD->getDefinition())
    It->second = llvm::any_of(RD->getDefinition()->decls(), [](const Decl *D) {
      const auto *T = dyn_cast<FunctionTemplateDecl>(D);
      return T && isa<CXXConstructorDecl>(T->getTemplatedDecl());
    });
  return It->second;
}

// The classic greedy-constructor defect, asked of clang whether or not the
// TU copies the class yet: what `X b(a);` resolves to for a non-const
// lvalue `a`. A class template is asked through its specialisations in the
// TU (its pattern has no overload resolution); the first few are enough.
GreedyConstructorCheck::CopyFact
GreedyConstructorCheck::copyResolution(const FunctionTemplateDecl *FTD, const CXXRecordDecl *Class,
                                       ASTContext &Ctx) {
  CopyFact Fact;
  OverloadOracle *O = oracle();
  if (!O)
    return Fact;
  std::vector<const CXXRecordDecl *> Instances;
  if (const ClassTemplateDecl *CTD = Class->getDescribedClassTemplate()) {
    for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations())
      if (Spec->getDefinition() == Spec && !Spec->isInvalidDecl() &&
          !Spec->isExplicitSpecialization() && Instances.size() < MaxCopyQueries)
        Instances.push_back(Spec);
  } else if (!Class->isDependentContext()) {
    Instances.push_back(Class);
  }
  for (const CXXRecordDecl *RD : Instances) {
    std::optional<Resolution> R = O->resolveNonConstCopy(RD);
    if (!R)
      continue;
    Fact.Known = true;
    Fact.Instance = spellType(Ctx.getRecordType(RD), Ctx);
    Fact.Steals = R->Result == Outcome::Function && isSpecializationOf(R->Function, FTD);
    if (Fact.Steals)
      break;
  }
  return Fact;
}

// A copy or move the copy/move constructor wins while the template is viable
// too is the competing candidate of the hazard: the same code with a
// non-const lvalue, or a derived object, goes to the template.
bool GreedyConstructorCheck::noteCompetition(Finding &F, const FunctionTemplateDecl *FTD,
                                             ASTContext &Ctx) {
  OverloadOracle *O = oracle();
  auto It = Copies.find(writtenClass(cast<CXXConstructorDecl>(FTD->getTemplatedDecl())->getParent()));
  if (!O || It == Copies.end())
    return false;
  std::vector<SourceLocation> Viable;
  std::set<unsigned> Seen;
  for (const CXXConstructExpr *E : It->second) {
    if (!Seen.insert(Ctx.getSourceManager().getFileLoc(E->getBeginLoc()).getRawEncoding()).second)
      continue;
    std::optional<CallSite> Site = callSiteOf(E);
    std::optional<Resolution> R = Site ? O->resolve(*Site, enclosingCaller(E, Ctx)) : std::nullopt;
    if (R && llvm::any_of(R->Candidates, [&](const Resolution::Candidate &C) {
          return C.Viable && isSpecializationOf(C.Function, FTD);
        }))
      Viable.push_back(E->getBeginLoc());
  }
  noteUses(F, Viable, "the template is viable at this copy too: it would take a non-const or derived argument",
           NoteRole::Context);
  F.ViableCalls = Viable.size();
  return anyShipped(Viable, F);
}

// Whether a constructor of E's class other than FTD could be called with
// E's number of arguments: a construction the oracle cannot replay (a
// list-initialisation) is the template's own when none could (dlib's
// `overloaded_helper<Fs...>{f1, f2}`, its 2048 instantiations one line).
static bool otherConstructorTakes(const CXXConstructExpr *E, const FunctionTemplateDecl *FTD) {
  unsigned N = E->getNumArgs();
  const CXXRecordDecl *Class = E->getConstructor()->getParent();
  for (const Decl *D : Class->decls()) {
    const auto *Ctor = dyn_cast<CXXConstructorDecl>(D);
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D)) {
      if (writtenTemplate(T) == writtenTemplate(FTD))
        continue;
      Ctor = dyn_cast<CXXConstructorDecl>(T->getTemplatedDecl());
    }
    if (Ctor && !Ctor->isDeleted() && Ctor->getMinRequiredArguments() <= N &&
        (N <= Ctor->getNumParams() || Ctor->isVariadic() ||
         (Ctor->getNumParams() > 0 && Ctor->getParamDecl(Ctor->getNumParams() - 1)->isParameterPack())))
      return true;
  }
  return false;
}

// A construction the template wins is an effect when it took the
// construction from another constructor (the copy constructor for a
// non-const lvalue, a converting constructor), when it would be ambiguous
// without it, or when nothing spelled the construction (an implicit
// conversion). `Functor f(fn)` with no other constructor viable is the
// template doing its job: no effect. Without the oracle, every construction
// counts, as the AST model cannot tell.
bool GreedyConstructorCheck::noteEffects(Finding &F, const FunctionTemplateDecl *FTD,
                                         llvm::ArrayRef<const CXXConstructExpr *> Uses,
                                         bool ExplainNoEffect, ASTContext &Ctx) {
  OverloadOracle *O = oracle();
  std::vector<CallNote> Won;
  std::vector<SourceLocation> Implicit, Resolved, Explicit;
  std::set<unsigned> Seen; // one per written construction, not per instantiation
  const SourceManager &SM = Ctx.getSourceManager();
  for (const CXXConstructExpr *E : Uses) {
    if (!Seen.insert(SM.getFileLoc(E->getBeginLoc()).getRawEncoding()).second)
      continue;
    std::optional<Resolution> Without;
    std::optional<CallSite> Site = O ? callSiteOf(E) : std::nullopt;
    if (Site)
      Without = O->resolve(*Site, enclosingCaller(E, Ctx), [&](const FunctionDecl *C) {
        return isSpecializationOf(C, FTD);
      });
    bool Implicitly = implicitConstructorSite(E, Ctx).has_value();
    if (!Without && !Implicitly && !otherConstructorTakes(E, FTD))
      Explicit.push_back(E->getBeginLoc()); // `helper{f1, f2}`: only the template takes it
    else if (!Without)
      (Implicitly ? Implicit : Resolved).push_back(E->getBeginLoc());
    else if (Without->Result == Outcome::Ambiguous || Without->Result == Outcome::Function)
      Won.push_back({E->getBeginLoc(), "without the template, this construction would " +
                                           wouldDo(Without->Result, Without->Function, *Site)});
    else if (Implicitly)
      Implicit.push_back(E->getBeginLoc());
    else
      Explicit.push_back(E->getBeginLoc());
  }
  noteCalls(F, Won, "constructions it takes in this translation unit", NoteRole::WouldResolveTo);
  noteUses(F, Implicit, "used implicitly here");
  noteUses(F, Resolved, "this construction resolves to the template", NoteRole::Context);
  F.WonCalls = Won.size();
  F.ImplicitUses = Implicit.size();
  F.DependentSites->insert(F.DependentSites->end(), Implicit.begin(), Implicit.end());
  F.DependentSites->insert(F.DependentSites->end(), Resolved.begin(), Resolved.end());
  for (const auto &[Loc, Text] : Won)
    F.DependentSites->push_back(Loc);
  bool Effective = anyShipped(*F.DependentSites, F);
  if (!Effective && ExplainNoEffect)
    noteUses(F, Explicit, "constructed explicitly here, no other constructor viable: no effect",
             NoteRole::Context);
  return Effective;
}

void GreedyConstructorCheck::finishTranslationUnit(ASTContext &Ctx) {
  for (const Greedy &G : Found) {
    const CXXConstructorDecl *Ctor = G.Ctor;
    const FunctionTemplateDecl *FTD = Ctor->getDescribedFunctionTemplate();
    const CXXRecordDecl *Class = Ctor->getParent();
    ParamShape First = classifyParam(Ctor->getParamDecl(0), FTD);

    // Excluding the class is the fix for the forms that take copies; an
    // explicit by-value template takes none, and which arguments it should
    // leave to the other constructors is a design decision: no fix.
    std::vector<FixItHint> Hints;
    if (G.Form != GreedyForm::ByValue || !Ctor->isExplicit())
      Hints = excludeClassFix(FTD, First.Param, First.IsPack, {Class->getNameAsString()}, Ctx);
    const ConversionSite *Blocker = nullptr;
    std::string Title;
    unsigned Rewrites = 0;
    bool WantExplicit = MakeExplicit && G.Form != GreedyForm::Variadic &&
                        !Ctor->isExplicit();
    if (!Hints.empty()) {
      Title = "constrain '" + signatureOf(Ctor) + "' to exclude '" + Class->getNameAsString() + "'";
      if (WantExplicit) {
        ConversionSiteIndex::ExplicitFix Fix = Sites.explicitFix(Ctor, Ctx);
        Blocker = Fix.Blocker;
        if (Fix.Hints.empty())
          Hints.clear(); // an explicit that breaks a site is no fix
        Hints.insert(Hints.end(), Fix.Hints.begin(), Fix.Hints.end());
        Title += ", make it explicit";
        Rewrites = Fix.RewrittenSites;
      }
    }
    std::string ClassName = Class->getNameAsString();
    Finding F = finding(Ctor, WideningKind::GreedyConstructor, Ctor->getLocation(),
                        std::string("unconstrained ") + greedyFormLabel(G.Form) +
                            " constructor template '" + signatureOf(Ctor) +
                            "' accepts any argument");
    CopyFact Copy;
    if (G.Form != GreedyForm::ByValue)
      Copy = copyResolution(FTD, Class, Ctx);
    if (!Copy.Known)
      F.note(Ctor->getLocation(), consequence(G.Form, ClassName, Ctor->isExplicit()),
             NoteRole::Context);
    else if (Copy.Steals)
      F.note(Ctor->getLocation(),
             "a copy of a non-const '" + Copy.Instance +
                 "' resolves to this template, not to the copy constructor",
             NoteRole::Context);
    else
      F.note(Ctor->getLocation(),
             "a copy of a non-const '" + Copy.Instance + "' still resolves to the copy constructor",
             NoteRole::Context);
    auto It = Constructions.find(writtenDecl(Ctor));
    F.DependentSites.emplace(); // noteEffects adds the constructions that are effects
    // A template that does nothing, in a class with nothing to copy
    // (xgboost's NVTX stubs: `template <class... Args> explicit
    // ScopedRange(Args &&...) {}`), or that only hands its argument to its
    // bases (dynet's make_shared helpers), does exactly what the copy or
    // move constructor would with the copies and moves it takes: those are
    // no effect. What it converts from other types still is.
    CopyLike Like = copiesLikeTheCopyConstructor(FTD, Class);
    bool AsCopy = Like != CopyLike::No;
    std::vector<const CXXConstructExpr *> Taken;
    if (It != Constructions.end())
      for (const CXXConstructExpr *E : It->second)
        if (!AsCopy || E->getNumArgs() != 1 || !isSameOrDerivedClass(E->getArg(0)->getType(), Class))
          Taken.push_back(E);
    bool Competes = !AsCopy && noteCompetition(F, FTD, Ctx);
    bool Takes = !Taken.empty() && noteEffects(F, FTD, Taken, !Competes && !Copy.Steals, Ctx);
    // Stealing the copy is an effect in itself: every user of the class can
    // write that copy, whether or not this TU does. Not of a class in a
    // library's detail namespace: no user writes its copies, so only the
    // constructions the template takes here count.
    bool Hypothetical = !AsCopy && (Competes || Copy.Steals);
    const NamespaceDecl *Internal =
        !Takes && Hypothetical ? ownership().internalNamespace(Class) : nullptr;
    // Unless the class leaves its namespace as a public function's result:
    // then its users hold it, and copy it.
    if (auto Out = ReturnedBy.find(writtenClass(Class)); Internal && Out != ReturnedBy.end()) {
      F.note(Out->second->getLocation(),
             "'" + ClassName + "' leaves namespace '" + Internal->getName().str() +
                 "' as the result of '" + Out->second->getQualifiedNameAsString() + "'",
             NoteRole::Context);
      Internal = nullptr;
    }
    F.Latent = !Takes && (!Hypothetical || Internal);
    bool FilteredCopies = It != Constructions.end() && Taken.size() < It->second.size();
    if (AsCopy && F.Latent && (Copy.Steals || FilteredCopies))
      F.LatentReason =
          "latent: '" + ClassName +
          (Like == CopyLike::NoOp
               ? "' has nothing to copy and the template does nothing"
               : "' has nothing of its own to copy and the template only hands its argument "
                 "to its base") +
          ", so what it takes is what the copy constructor would do (shown by the "
          "ReportLatent option)";
    else if (Internal)
      F.LatentReason = "latent: '" + ClassName + "' is in " +
                       (Internal->isAnonymousNamespace()
                            ? std::string("an anonymous namespace")
                            : "namespace '" + Internal->getName().str() + "'") +
                       ", an implementation detail nobody else copies (shown by the "
                       "ReportLatent option; namespaces: InternalNamespaces)";
    // The inserter adds <type_traits> once per file: to the first fix that is
    // shown, not to one a latent finding would take with it.
    if (!Hints.empty() && shown(F) &&
        !isDeclaredInStd(Ctx.getLangOpts().CPlusPlus20 ? "remove_cvref_t" : "enable_if_t", Ctx))
      if (std::optional<FixItHint> Include = Inserter.createIncludeInsertion(
              Ctx.getSourceManager().getFileID(
                  Ctx.getSourceManager().getExpansionLoc(FTD->getBeginLoc())),
              "<type_traits>"))
        Hints.push_back(*Include);
    if (!Hints.empty()) {
      F.FixAction = std::move(Title);
      F.FixRewrites = Rewrites;
    }
    F.Fixes = std::move(Hints);
    noteNoFix(F, Blocker);
    report(std::move(F));
  }
}

/// Whether E, in a constructor template's pattern, is one of Ctor's
/// parameters handed on as it came: `args`, `std::forward<Args>(args)`,
/// `static_cast<Args &&>(args)`, `std::move(a)`, or a pack expansion of one
/// of those.
static bool isParameterHandedOn(const Expr *E, const CXXConstructorDecl *Ctor) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Pack = dyn_cast<PackExpansionExpr>(E))
    E = Pack->getPattern()->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<CXXStaticCastExpr>(E);
      Cast && Cast->getTypeAsWritten()->isRValueReferenceType())
    E = Cast->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E); Call && Call->getNumArgs() == 1) {
    const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
    DeclarationName Name;
    if (const auto *Unresolved = dyn_cast<UnresolvedLookupExpr>(Callee))
      Name = Unresolved->getName();
    else if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee))
      Name = Ref->getDecl()->getDeclName();
    if (!Name.isIdentifier() || (Name.getAsString() != "forward" && Name.getAsString() != "move"))
      return false;
    E = Call->getArg(0)->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  return Param && Param->getDeclContext() == Ctor;
}

GreedyConstructorCheck::CopyLike
GreedyConstructorCheck::copiesLikeTheCopyConstructor(const FunctionTemplateDecl *FTD,
                                                    const CXXRecordDecl *Class) {
  const CXXRecordDecl *Def = Class ? Class->getDefinition() : nullptr;
  if (!Def || Def->getNumVBases() != 0 || !Def->field_empty())
    return CopyLike::No;
  const FunctionDecl *Body = nullptr;
  if (!FTD->getTemplatedDecl()->hasBody(Body))
    return CopyLike::No;
  const auto *Ctor = dyn_cast<CXXConstructorDecl>(Body);
  const auto *Stmts = dyn_cast_or_null<CompoundStmt>(Body->getBody());
  if (!Ctor || !Stmts || !Stmts->body_empty())
    return CopyLike::No;
  if (Def->getNumBases() == 0)
    return Def->isEmpty() && Ctor->getNumCtorInitializers() == 0 ? CopyLike::NoOp : CopyLike::No;
  // dynet's ParameterStorageCreator: `template <typename... Args> explicit
  // Creator(Args &&...args) : Storage(std::forward<Args>(args)...) {}`, so
  // that make_shared reaches the base's protected constructors.
  for (const CXXCtorInitializer *Init : Ctor->inits()) {
    if (!Init->isBaseInitializer() || !Init->isWritten())
      return CopyLike::No;
    const CXXRecordDecl *Base = Init->getBaseClass()->getAsCXXRecordDecl();
    if (!Base || !Base->getDefinition() || declaresCtorTemplate(Base->getDefinition()))
      return CopyLike::No;
    const Expr *E = Init->getInit();
    llvm::SmallVector<const Expr *, 2> Args;
    if (const auto *List = dyn_cast<ParenListExpr>(E))
      for (unsigned I = 0; I < List->getNumExprs(); ++I)
        Args.push_back(List->getExpr(I));
    else if (const auto *Unresolved = dyn_cast<CXXUnresolvedConstructExpr>(E))
      Args.append(Unresolved->arg_begin(), Unresolved->arg_end());
    else if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
      Args.append(Construct->arg_begin(), Construct->arg_end());
    if (Args.size() != 1 || !isParameterHandedOn(Args.front(), Ctor))
      return CopyLike::No;
  }
  // Every base initialised from the argument, none defaulted.
  return Ctor->getNumCtorInitializers() == Def->getNumBases() ? CopyLike::ToBases : CopyLike::No;
}

bool GreedyConstructorCheck::isSameOrDerivedClass(QualType T, const CXXRecordDecl *Class) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !Class)
    return false;
  return writtenClass(RD) == writtenClass(Class) ||
         isDerivedFrom(T, QualType(Class->getTypeForDecl(), 0));
}

void GreedyConstructorCheck::resetTranslationUnit() {
  ReturnedBy.clear();
  Constructions.clear();
  Copies.clear();
  HasCtorTemplate.clear();
  Found.clear();
  Sites.clear();
}

} // namespace dispatch
