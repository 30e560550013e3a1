#include "ImplicitConversionCheck.h"
#include "../common/Matchers.h"

#include "dispatch/AstNavigation.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/OverloadOracle.h"
#include "dispatch/TemplateFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

llvm::ArrayRef<std::pair<dispatch::ConversionBreadth, llvm::StringRef>>
clang::tidy::OptionEnumMapping<dispatch::ConversionBreadth>::getEnumMapping() {
  static constexpr std::pair<dispatch::ConversionBreadth, llvm::StringRef> Mapping[] = {
      {dispatch::ConversionBreadth::Templated, "templated"},
      {dispatch::ConversionBreadth::Ubiquitous, "ubiquitous"},
      {dispatch::ConversionBreadth::Ordinary, "ordinary"},
      {dispatch::ConversionBreadth::Family, "family"}};
  return Mapping;
}

namespace dispatch {

ImplicitConversionCheck::ImplicitConversionCheck(llvm::StringRef Name,
                                                 tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context),
      // A misspelt value is reported by clang-tidy, not silently replaced.
      MinimumBreadth(Options.get("MinimumBreadth", ConversionBreadth::Ordinary,
                                 /*IgnoreCase=*/true)),
      FixCallSites(boolOption("FixCallSites", true)),
      OwnUsesAreEffects(boolOption("OwnUsesAreEffects", true, /*Global=*/true)),
      DeferTransfers(deferredToAnotherCheck("device-transfer")),
      DeferGreedy(deferredToAnotherCheck("greedy-constructor")), Transfers(transferConfig()) {
  Sites.setFilter(
      [this](const FunctionDecl *Written) { return reportable(Written).has_value(); });
}

void ImplicitConversionCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  DispatchCheck::storeOptions(Opts);
  Options.store(Opts, "MinimumBreadth", MinimumBreadth);
  storeBool(Opts, "FixCallSites", FixCallSites);
  storeBool(Opts, "OwnUsesAreEffects", OwnUsesAreEffects);
}

std::optional<ImplicitConversion>
ImplicitConversionCheck::reportable(const FunctionDecl *Written) const {
  std::optional<ImplicitConversion> Conv = classifyImplicitConversion(Written, knowledge());
  // A constrained template's breadth is known once Sema can judge its
  // constraints (finishTranslationUnit); the threshold is applied there too.
  if (!Conv || (!Conv->Constrained && Conv->Breadth > MinimumBreadth) || !isOwned(Written))
    return std::nullopt;
  if (DeferTransfers && !deviceTransferReason(*Conv, Transfers).empty())
    return std::nullopt;
  if (DeferGreedy && Conv->Greedy)
    return std::nullopt;
  return Conv;
}

void ImplicitConversionCheck::registerCheckMatchers(MatchFinder *Finder) {
  registerConversionMatchers(Finder);
  auto Written = unless(isExpansionInSystemHeader());
  Finder->addMatcher(callExpr(Written).bind("call"), this);
  Finder->addMatcher(cxxRewrittenBinaryOperator(Written).bind("rewritten"), this);
  Finder->addMatcher(functionDecl(Written, matchers::isWrittenDeclaration(),
                                  unless(parameterCountIs(0)))
                         .bind("taker"),
                     this);
}

void ImplicitConversionCheck::onMatch(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *E = Result.Nodes.getNodeAs<CXXConstructExpr>("construct")) {
    if (!Ctx.getSourceManager().isInSystemHeader(E->getBeginLoc()))
      Calls.push_back(E);
    return Sites.addConstruct(E, Ctx);
  }
  if (const auto *E = Result.Nodes.getNodeAs<CallExpr>("call"))
    return Calls.push_back(E);
  if (const auto *E = Result.Nodes.getNodeAs<CXXRewrittenBinaryOperator>("rewritten"))
    return Calls.push_back(E);
  if (const auto *Taker = Result.Nodes.getNodeAs<FunctionDecl>("taker")) {
    for (const ParmVarDecl *P : Taker->parameters())
      if (const CXXRecordDecl *Class = writtenClass(
              P->getType().getNonReferenceType()->getAsCXXRecordDecl()))
        Takers[Class].push_back(calleeKey(Taker));
    return;
  }
  if (const auto *E = Result.Nodes.getNodeAs<ImplicitCastExpr>("cast"))
    return Sites.addCast(E, Ctx);
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("decl");
  // The explicit ones are the project's convention (the same matcher: every
  // written constructor outside system headers).
  if (const auto *C = dyn_cast_or_null<CXXConstructorDecl>(FD); C && C->isExplicit() && isOwned(C))
    Convention.addExplicit(C);
  if (std::optional<ImplicitConversion> Conv = reportable(FD)) // written: the matcher's
    Found.push_back(*Conv);
}

void ImplicitConversionCheck::finishTranslationUnit(ASTContext &Ctx) {
  OverloadOracle *O = oracle();
  auto ViableAt = viableOnlyCalls(Ctx);
  for (ImplicitConversion &Conv : Found) {
    const FunctionDecl *D = Conv.Decl;
    bool BroadConstraint = false;
    if (Conv.Constrained && isBroadlyUnconstrained(D->getDescribedFunctionTemplate(), O)) {
      Conv.Breadth = ConversionBreadth::Templated;
      Conv.Why = "templated";
      Conv.OtherDescription = Conv.Broadly;
      BroadConstraint = true;
    }
    if (Conv.Breadth > MinimumBreadth)
      continue;
    bool Templated = Conv.Breadth == ConversionBreadth::Templated;
    std::string From = "'" + spellType(Conv.From, Ctx) + "'";
    std::string To = "'" + spellType(Conv.To, Ctx) + "'";
    // A template's own parameter is said in words ("any class type"), never
    // by its name.
    const std::string &Any = Conv.OtherDescription;
    if (!Any.empty())
      (Conv.IsConstructor ? From : To) = Any;
    // "every overload taking 'X' now also accepts 'int'"
    std::string Widened;
    llvm::StringRef Pointer(Any);
    if (Templated && !Conv.IsConstructor && Pointer.consume_front("any pointer"))
      Widened = "every overload taking a pointer" + (Pointer == " type" ? "" : Pointer.str()) +
                " now also accepts " + From;
    else if (Templated && !Conv.IsConstructor)
      Widened = Any == "any type" ? "every overload set now also accepts " + From
                                  : "every overload taking " + Any + " now also accepts " + From;
    else if (Templated)
      Widened = "every overload taking " + To + " now accepts " +
                (Any == "any type" ? std::string("any argument") : "an argument of " + Any);
    else
      Widened = "every overload taking " + To + " now also accepts " + From;
    llvm::ArrayRef<ConversionSite> Uses = Sites.sitesOf(D);
    ConversionSiteIndex::ExplicitFix Fix;
    if (FixCallSites)
      Fix = Sites.explicitFix(D, Ctx);

    // "(an arithmetic type)": what kind of type it is, unless the type is its
    // own kind (`bool`, `std::string`).
    if (Conv.Breadth == ConversionBreadth::Ubiquitous &&
        "'" + Conv.Why + "'" != (Conv.IsConstructor ? From : To))
      Widened += " (" + Conv.Why + ")";
    Finding F = finding(D, WideningKind::ImplicitConversion, D->getLocation(),
                        std::string(Conv.IsConstructor ? "constructor" : "conversion operator") +
                            " '" + signatureOf(D) + "' makes " + From +
                            " implicitly convertible to " + To + " [" +
                            breadthLabel(Conv.Breadth) + "]");
    F.note(D->getLocation(), Widened, NoteRole::Context);
    // Uses in detection probes (`decltype(f(AnyConvert()))`) convert
    // nothing at run time: they are shown, but they make no finding effective.
    // A use that takes its call from another function changed what the call
    // means: noted with where it would go. A use nothing else could take is
    // the conversion's own, as a template's won call with no other candidate
    // is; it is an effect unless OwnUsesAreEffects is off (the library
    // profile: a library's designed conversions are used only this way),
    // except for a conversion to bool, which converts on to every arithmetic
    // type while `explicit operator bool` still serves `if (x)`. Conditions
    // are no effect: `explicit` keeps them, so nothing depends on it there.
    bool ToBool = isa<CXXConversionDecl>(D) &&
                  cast<CXXConversionDecl>(D)->getConversionType()->isBooleanType();
    std::vector<SourceLocation> UseLocs, ProbeLocs, EffectLocs;
    // A use that also turns a floating-point value into an integer, or
    // anything into bool, on its way through the conversion is an effect in
    // either profile: NetworKit's `x = 0.0` built `Vector(count)` of size 0.
    // Each use is shown where it takes effect for the project (shownSite):
    // a use inside std::sort's comparator call is the project's std::sort.
    // Conditions (`if (x)`, `!x`) are noted last: `explicit operator bool`
    // keeps them, so the uses it would change stand out.
    std::vector<CallNote> Taken, Changing, Plain, Conditions;
    // What keeps a condition: `explicit`, or for the safe-bool idiom the
    // `explicit operator bool` that replaces it.
    std::string ExplicitForm =
        safeBoolTargetName(D).empty() ? "explicit" : "explicit operator bool";
    bool Rerouted = false; // some use would go through another conversion
    auto Once = [](std::vector<CallNote> &Notes, SourceLocation Loc, std::string Text) {
      if (llvm::none_of(Notes, [&](const CallNote &N) { return N.Loc == Loc; }))
        Notes.push_back({Loc, std::move(Text)});
    };
    for (const ConversionSite &U : Uses) {
      if (U.Unevaluated) {
        ProbeLocs.push_back(U.Loc);
        continue;
      }
      ShownSite Shown = shownSite(U.Loc, U.Operand);
      if (Shown.Loc != U.Loc)
        F.InstantiatingSites.push_back(Shown.Loc);
      std::string Used = "used implicitly " + Shown.Where;
      if (std::optional<CallAnswer> C = contest(U, D, Ctx)) {
        // A call written once in a template is taken once per
        // instantiation: one call, as written.
        Once(Taken, Shown.Loc, Used + "; without it, this call would " + C->WouldDo);
        EffectLocs.push_back(Shown.Loc);
        continue;
      }
      if (U.Form == SiteForm::ContextualBool) {
        Once(Conditions, Shown.Loc,
             "used as a condition here ('" + ExplicitForm + "' keeps this use)");
        continue;
      }
      UseLocs.push_back(Shown.Loc);
      if (!U.KindChange.empty()) {
        Once(Changing, Shown.Loc, Used + U.KindChange);
        EffectLocs.push_back(Shown.Loc);
        continue;
      }
      // Another conversion of the class would take it (`int n = arg`
      // through `operator bool` once `operator int` is gone): the class's
      // design, as in contest(), but no use of its own alone.
      if (const FunctionDecl *Other = otherConversion(U, D, Ctx)) {
        // A template as written, with its arguments: `'V::operator T' (with
        // T = std::string)`, not the specialisation's `operator std::string`.
        // A class template's member as declared, as the finding names its
        // own (`operator const typename TensorType::DataType &`), not one
        // specialisation's type under the template's bare name (faiss).
        if (const FunctionDecl *Pattern = Other->getInstantiatedFromMemberFunction())
          Other = Pattern;
        std::string Through = "'" + signatureOf(Other) + "'";
        if (const FunctionTemplateDecl *Primary = Other->getPrimaryTemplate())
          Through = "'" + signatureOf(Primary->getTemplatedDecl()) + "'" +
                    withTemplateArgumentsOf(Other);
        Once(Plain, Shown.Loc, Used + "; without it, this use would convert through " + Through);
        Rerouted = true;
      } else {
        Once(Plain, Shown.Loc, Used);
      }
      if (ToBool || OwnUsesAreEffects)
        EffectLocs.push_back(Shown.Loc);
    }
    noteCalls(F, Taken, "calls it takes in this translation unit", NoteRole::WouldResolveTo);
    noteCalls(F, Changing, "uses that change the value's kind on the way",
              NoteRole::ImplicitUse);
    noteCalls(F, Plain, "in this translation unit", NoteRole::ImplicitUse);
    noteCalls(F, Conditions, "conditions in this translation unit", NoteRole::ImplicitUse);
    noteUses(F, ProbeLocs, "used in an unevaluated operand here");
    // Viable at a call another candidate wins: the widened candidate set
    // that changed nothing yet. Shown, counted, and no effect: on real code
    // these were a library's designed conversions beside its stream and
    // serialisation overloads (docs/real-code.md), as SnoopCompile lists
    // no method that invalidated nothing.
    llvm::ArrayRef<CallAnswer> Viable;
    if (auto It = ViableAt.find(writtenDecl(D)); It != ViableAt.end())
      Viable = It->second;
    std::vector<CallNote> ViableNotes;
    for (const CallAnswer &C : Viable)
      ViableNotes.push_back({C.Loc, "a losing candidate is viable here through it; with or "
                                    "without it, this call would " + C.WouldDo});
    noteCalls(F, ViableNotes, "calls where it makes a losing candidate viable", NoteRole::Context);
    F.ViableCalls = Viable.size();
    bool Shipped = anyShipped(EffectLocs, F);
    // The project's own explicit constructor from the same type in a related
    // class makes this one an omission, used or not: a user would write the
    // conversion. Not in a library's detail namespace, whose classes no user
    // constructs.
    const CXXConstructorDecl *Sibling = nullptr;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(D);
        Ctor && !Shipped && !ownership().internalNamespace(Ctor->getParent()))
      Sibling = Convention.explicitSibling(
          Ctor, [this](const CXXRecordDecl *Base) { return isOwned(Base); });
    if (Sibling)
      F.note(Sibling->getLocation(),
             "the same conversion is explicit in '" + Sibling->getParent()->getNameAsString() + "'",
             NoteRole::Context);
    F.Latent = !Shipped && !Sibling;
    if (F.Latent && EffectLocs.empty() && !UseLocs.empty() && Rerouted)
      F.LatentReason = "latent: without it, its uses here would not compile or would convert "
                       "through another conversion (noted at each; counted in dispatch-scan's "
                       "impact; shown by the ReportLatent option)";
    else if (F.Latent && EffectLocs.empty() && !UseLocs.empty())
      F.LatentReason = "latent: nothing else could take its uses here, so they are its own "
                       "(counted in dispatch-scan's impact; shown by the ReportLatent option)";
    else if (F.Latent && EffectLocs.empty() && !Conditions.empty())
      F.LatentReason = "latent: its uses here are conditions, which '" + ExplicitForm +
                       "' keeps (shown by the ReportLatent option)";
    else if (F.Latent && EffectLocs.empty() && !Viable.empty())
      F.LatentReason = "latent: the calls where it is viable resolve elsewhere with or without it "
                       "(shown by the ReportLatent option)";
    F.WonCalls = Taken.size();
    for (const CallNote &C : Taken)
      UseLocs.push_back(C.Loc);
    F.ImplicitUses = UseLocs.size();
    if (BroadConstraint)
      F.note(D->getLocation(),
             "its constraints admit everyday foreign types (the ConstraintPanel option)",
             NoteRole::Context);
    // The safe-bool idiom (`operator safe_bool() const`, a private member
    // pointer type): no use can name the type, and an explicit conversion to
    // it would no longer serve `if (x)`.
    if (std::string Private = safeBoolTargetName(D); !Private.empty()) {
      Fix = {};
      F.note(D->getLocation(),
             "no automatic fix: '" + Private +
                 "' is not accessible outside the class; the explicit form is 'explicit "
                 "operator bool'",
             NoteRole::NoFix);
    }
    // The copy constructor of some specialisation: `explicit` would forbid
    // `MatrixView<float> b = a;` there.
    if (Conv.CopyConstructorOf) {
      Fix = {};
      F.note(D->getLocation(),
             "no automatic fix: it is the copy or move constructor of '" +
                 spellType(QualType(Conv.CopyConstructorOf->getTypeForDecl(), 0), Ctx) +
                 "', whose copies 'explicit' would forbid",
             NoteRole::NoFix);
    }
    attachExplicitFix(F, D, std::move(Fix));
    report(std::move(F));
  }
}

std::optional<ImplicitConversionCheck::CallAnswer>
ImplicitConversionCheck::contest(const ConversionSite &Use, const FunctionDecl *Written,
                                 ASTContext &Ctx) {
  OverloadOracle *O = oracle();
  if (!O || !Use.Node)
    return std::nullopt;
  // The call the converted value is an argument of, above the copy that
  // C++14 still writes for a by-value parameter.
  DynTypedNode Parent = writtenParent(Use.Node, Ctx);
  while (const auto *Copy = Parent.get<CXXConstructExpr>()) {
    if (!Copy->getConstructor() || !Copy->getConstructor()->isCopyOrMoveConstructor() ||
        Copy->getParenOrBraceRange().isValid())
      break;
    Parent = writtenParent(Copy, Ctx);
  }
  const auto *Call = Parent.get<Expr>();
  if (!Call || !isa<CallExpr, CXXConstructExpr>(Call))
    return std::nullopt;
  // The inner call of a rewritten comparison is replayed as written.
  const CXXRewrittenBinaryOperator *Rewritten = rewrittenComparisonOf(Call, Ctx);
  std::optional<CallSite> Site = callSiteOf(Rewritten ? Rewritten : Call);
  if (!Site || !Site->Chosen)
    return std::nullopt;
  std::optional<Resolution> Without =
      O->resolve(*Site, enclosingCaller(Call, Ctx),
                 [&](const FunctionDecl *F) { return writtenDecl(F) == Written; });
  if (!Without)
    return std::nullopt;
  if (Without->Result == Outcome::Function) {
    const FunctionDecl *Other = writtenDecl(Without->Function);
    // Nothing is taken from elsewhere when the call would go to another
    // specialisation of what it chose, to a member of the conversion's own
    // class (`operator double` beside `operator float`: the class's design),
    // or, for a call in another library's code, to that library's own
    // fallback (pybind11's `construct(...)`, instantiated from a binding).
    const auto *Own = dyn_cast<CXXRecordDecl>(Written->getDeclContext());
    const SourceManager &SM = Ctx.getSourceManager();
    if (Other == writtenDecl(Site->Chosen) ||
        (Own && Other->getDeclContext() == static_cast<const DeclContext *>(Own)) ||
        (!isOwned(Other) &&
         !ownership().isOwnedLocation(SM.getExpansionLoc(Call->getBeginLoc()), SM)))
      return std::nullopt;
  } else if (Without->Result != Outcome::Builtin) {
    return std::nullopt;
  }
  return CallAnswer{Use.Loc, wouldDo(Without->Result, Without->Function, *Site)};
}

const FunctionDecl *ImplicitConversionCheck::otherConversion(const ConversionSite &Use,
                                                             const FunctionDecl *Written,
                                                             ASTContext &Ctx) {
  OverloadOracle *O = oracle();
  if (!O || !Use.Node)
    return nullptr;
  // The conversion itself replayed: the source class's conversion functions
  // and the target class's converting constructors, as Sema chose among them.
  std::optional<CallSite> Site = callSiteOf(Use.Node);
  if (!Site || !Site->Chosen)
    return nullptr;
  std::optional<Resolution> Without =
      O->resolve(*Site, enclosingCaller(Use.Node, Ctx),
                 [&](const FunctionDecl *F) { return writtenDecl(F) == Written; });
  if (!Without || Without->Result != Outcome::Function ||
      writtenDecl(Without->Function) == Written)
    return nullptr;
  return Without->Function;
}

const void *ImplicitConversionCheck::calleeKey(const FunctionDecl *F) {
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(F))
    return writtenClass(Ctor->getParent());
  return F->getDeclName().getAsOpaquePtr();
}

llvm::DenseMap<const FunctionDecl *, std::vector<ImplicitConversionCheck::CallAnswer>>
ImplicitConversionCheck::viableOnlyCalls(ASTContext &Ctx) {
  llvm::DenseMap<const FunctionDecl *, std::vector<CallAnswer>> Out;
  OverloadOracle *O = oracle();
  if (!O || Found.empty())
    return Out;
  // A conversion can add a candidate only to a call of a function that takes
  // its target class (a converting constructor) or to a call with an
  // argument of its class (a conversion function): the calls worth a replay.
  llvm::DenseMap<const FunctionDecl *, const CXXRecordDecl *> OwnClass;
  llvm::DenseSet<const void *> Keys;
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Sources;
  for (const ImplicitConversion &C : Found) {
    const CXXRecordDecl *Class = writtenClass(C.Decl->getDeclContext());
    OwnClass[writtenDecl(C.Decl)] = Class;
    if (!C.IsConstructor)
      Sources.insert(Class);
    else if (auto It = Takers.find(Class); It != Takers.end())
      Keys.insert(It->second.begin(), It->second.end());
  }
  auto IsSource = [&](QualType T) {
    const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
    if (!RD || Sources.empty())
      return false;
    if (Sources.count(writtenClass(RD)))
      return true;
    RD = RD->getDefinition();
    return RD && !RD->isDependentType() && !RD->forallBases([&](const CXXRecordDecl *Base) {
      return !Sources.count(writtenClass(Base));
    });
  };
  auto Relevant = [&](const CallSite &Site) {
    if (Keys.count(calleeKey(Site.Chosen)))
      return true;
    // `a < b` rewritten as `(a <=> b) < 0` has the candidates named `<` too.
    const auto *Rewritten = dyn_cast<CXXRewrittenBinaryOperator>(Site.E);
    if (Rewritten && Keys.count(Ctx.DeclarationNames
                                    .getCXXOperatorName(BinaryOperator::getOverloadedOperator(
                                        Rewritten->getOperator()))
                                    .getAsOpaquePtr()))
      return true;
    llvm::SmallVector<const Expr *, 4> Args;
    if (const auto *Call = dyn_cast<CallExpr>(Site.E))
      Args.append(Call->arg_begin(), Call->arg_end());
    else if (const auto *Construct = dyn_cast<CXXConstructExpr>(Site.E))
      Args.append(Construct->arg_begin(), Construct->arg_end());
    else if (const auto *R = dyn_cast<CXXRewrittenBinaryOperator>(Site.E))
      Args.append({R->getLHS(), R->getRHS()});
    return llvm::any_of(Args, [&](const Expr *A) { return IsSource(A->getType()); });
  };
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::DenseSet<unsigned> Replayed; // a call written once, replayed once
  std::set<std::pair<const FunctionDecl *, unsigned>> Noted;
  unsigned Replays = 0;
  // A rewritten comparison (`a < b` as `(a <=> b) < 0`) is replayed as
  // written: its inner call's candidates are not all of the comparison's.
  CallSiteCollector Collector;
  for (const Expr *E : Calls) {
    if (Replays >= MaxViableOnlyReplays)
      break;
    std::optional<CallSite> Site = Collector.add(E);
    if (!Site || !Site->Chosen || !Relevant(*Site))
      continue;
    SourceLocation Loc = SM.getFileLoc(Site->Loc);
    if (!ownership().isOwnedLocation(SM.getExpansionLoc(E->getBeginLoc()), SM) ||
        !Replayed.insert(Loc.getRawEncoding()).second)
      continue;
    ++Replays;
    std::optional<Resolution> R = O->resolve(*Site, enclosingCaller(E, Ctx));
    if (!R || (R->Result != Outcome::Function && R->Result != Outcome::Builtin))
      continue;
    auto UsedByBest = [&](const FunctionDecl *Conv) {
      return llvm::any_of(R->BestConversions,
                          [&](const FunctionDecl *B) { return writtenDecl(B) == Conv; });
    };
    auto Add = [&](const FunctionDecl *Loser, const Resolution::Through &Through) {
      for (const FunctionDecl *Via : Through) {
        const FunctionDecl *Conv = writtenDecl(Via);
        auto Own = OwnClass.find(Conv);
        // Not the class's own members (the copy constructor a direct
        // initialisation could reach through it), not another
        // specialisation of the winner: as for the calls it takes.
        if (Own == OwnClass.end() || UsedByBest(Conv) ||
            (Loser && (writtenClass(Loser->getDeclContext()) == Own->second ||
                       writtenDecl(Loser) == writtenDecl(R->Function))) ||
            !Noted.insert({Conv, Loc.getRawEncoding()}).second)
          continue;
        Out[Conv].push_back({Site->Loc, wouldDo(R->Result, R->Function, *Site)});
      }
    };
    for (const Resolution::Candidate &C : R->Candidates)
      if (C.Viable && C.Function != R->Function)
        Add(C.Function, C.Conversions);
    if (R->Result == Outcome::Function)
      Add(nullptr, R->BuiltinConversions);
  }
  return Out;
}

void ImplicitConversionCheck::resetTranslationUnit() {
  Found.clear();
  Calls.clear();
  Takers.clear();
  Convention.clear();
  Sites.clear();
}

} // namespace dispatch
