#include "dispatch/OverloadOracle.h"

#include "dispatch/LLVMCompat.h"
#include "dispatch/TemplateFacts.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Overload.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/TemplateDeduction.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>

using namespace clang;

namespace dispatch {

const char *callKindName(CallKind K) {
  switch (K) {
  case CallKind::Free:
    return "call";
  case CallKind::Member:
    return "member call";
  case CallKind::Operator:
    return "operator call";
  case CallKind::Construct:
    return "construction";
  case CallKind::Conversion:
    return "conversion";
  }
  return "call";
}

std::string builtinOperatorName(const CallSite &Site) {
  OverloadedOperatorKind Op = OO_None;
  if (const auto *Call = dyn_cast_or_null<CXXOperatorCallExpr>(Site.E))
    Op = Call->getOperator();
  else if (const auto *Rewritten = dyn_cast_or_null<CXXRewrittenBinaryOperator>(Site.E))
    Op = BinaryOperator::getOverloadedOperator(Rewritten->getOperator());
  if (Op == OO_None)
    return "built-in operator";
  return std::string("built-in 'operator") + getOperatorSpelling(Op) + "'";
}

const char *outcomeName(Outcome O) {
  switch (O) {
  case Outcome::Function:
    return "a function";
  case Outcome::Builtin:
    return "the built-in operator";
  case Outcome::Ambiguous:
    return "ambiguous";
  case Outcome::NoViable:
    return "no viable function";
  case Outcome::Deleted:
    return "a deleted function";
  }
  return "";
}

bool isSpecializationOf(const FunctionDecl *F, const FunctionTemplateDecl *Template) {
  const FunctionTemplateDecl *Primary = primaryTemplateOf(F);
  return Primary && Template && Primary == primaryTemplateOf(Template->getTemplatedDecl());
}

std::optional<CallSite> callSiteOf(const Expr *E) {
  CallSite Site;
  Site.E = E;
  Site.Loc = E->getBeginLoc();
  if (const auto *R = dyn_cast<CXXRewrittenBinaryOperator>(E)) {
    const auto *Inner = dyn_cast<CXXOperatorCallExpr>(R->getDecomposedForm().InnerBinOp);
    if (!Inner || !Inner->getDirectCallee())
      return std::nullopt;
    Site.Kind = CallKind::Operator;
    Site.Chosen = Inner->getDirectCallee();
    return Site;
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    OverloadedOperatorKind K = Op->getOperator();
    if (K == OO_None || K == OO_Call || K == OO_Arrow || K == OO_New || K == OO_Delete ||
        K == OO_Array_New || K == OO_Array_Delete || K == OO_Coawait || !Op->getDirectCallee())
      return std::nullopt;
    Site.Kind = CallKind::Operator;
    Site.Chosen = Op->getDirectCallee();
    return Site;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
    const CXXMethodDecl *M = MC->getMethodDecl();
    // Conversion functions called implicitly are conversions, not calls.
    if (!ME || !M || isa<CXXConversionDecl>(M) || ME->hasQualifier())
      return std::nullopt;
    Site.Kind = CallKind::Member;
    Site.Chosen = M;
    return Site;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (isa<CUDAKernelCallExpr>(Call) || isa<UserDefinedLiteral>(Call))
      return std::nullopt;
    const auto *Ref = dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Ref || !Callee || Ref->getDecl() != Callee)
      return std::nullopt;
    Site.Kind = CallKind::Free;
    Site.Chosen = Callee;
    return Site;
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (C->isListInitialization() || C->isStdInitListInitialization() || C->getNumArgs() == 0 ||
        !Ctor || isa<CXXInheritedCtorInitExpr>(C))
      return std::nullopt;
    // `using Base::Base;`: overload resolution chose the base's constructor,
    // the AST names the implicit one of the derived class that calls it.
    if (Ctor->isInheritingConstructor())
      Ctor = Ctor->getInheritedConstructor().getConstructor();
    Site.Kind = CallKind::Construct;
    Site.Chosen = Ctor;
    return Site;
  }
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    const auto *Call = dyn_cast<CXXMemberCallExpr>(Cast->getSubExpr()->IgnoreImplicit());
    if (Cast->getCastKind() != CK_UserDefinedConversion || !Call ||
        !isa_and_nonnull<CXXConversionDecl>(Call->getMethodDecl()) ||
        Cast->getType()->isDependentType())
      return std::nullopt;
    Site.Kind = CallKind::Conversion;
    Site.Chosen = Call->getMethodDecl();
    Site.Loc = Call->getImplicitObjectArgument()->getBeginLoc();
    return Site;
  }
  return std::nullopt;
}

std::optional<CallSite> CallSiteCollector::add(const Expr *E) {
  if (const auto *R = dyn_cast<CXXRewrittenBinaryOperator>(E))
    RewrittenInner.insert(R->getDecomposedForm().InnerBinOp);
  else if (RewrittenInner.count(E))
    return std::nullopt;
  std::optional<CallSite> Site = callSiteOf(E);
  if (Site && !Written
                   .insert({Site->Loc.getRawEncoding(), E->getBeginLoc().getRawEncoding(),
                            Site->Chosen->getCanonicalDecl()})
                   .second)
    return std::nullopt;
  return Site;
}

namespace {

/// The arguments as overload resolution saw them: without the conversions
/// the chosen candidate wrapped around them, without default arguments.
/// False when an argument is of a form the oracle does not replay (braced
/// lists, packs, dependent types).
bool writtenArguments(llvm::ArrayRef<const Expr *> In, llvm::SmallVectorImpl<Expr *> &Out) {
  for (const Expr *A : In) {
    if (isa<CXXDefaultArgExpr>(A))
      break;
    auto *W = const_cast<Expr *>(A)->IgnoreUnlessSpelledInSource();
    if (isa<InitListExpr, CXXStdInitializerListExpr, DesignatedInitExpr, ParenListExpr,
            PackExpansionExpr>(W) ||
        W->isTypeDependent() || W->getType().isNull())
      return false;
    Out.push_back(W);
  }
  return true;
}

llvm::SmallVector<const Expr *, 4> argsOf(const CallExpr *Call) {
  return {Call->arg_begin(), Call->arg_end()};
}

/// The context a call's names are looked up in and CUDA's caller.
DeclContext *callerContext(const Decl *Caller, ASTContext &Ctx) {
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(Caller))
    return const_cast<FunctionDecl *>(FD);
  if (Caller)
    return const_cast<DeclContext *>(Caller->getDeclContext());
  return Ctx.getTranslationUnitDecl();
}

/// The outcome of a filled candidate set, with its candidates.
Resolution bestViable(Sema &S, OverloadCandidateSet &CS, SourceLocation Loc) {
  Resolution R;
  OverloadCandidateSet::iterator Best;
  switch (CS.BestViableFunction(S, Loc, Best)) {
  case OR_Success:
    R.Result = Best->Function ? Outcome::Function : Outcome::Builtin;
    R.Function = Best->Function;
    break;
  case OR_Deleted:
    R.Result = Outcome::Deleted;
    R.Function = Best->Function;
    break;
  case OR_Ambiguous:
    R.Result = Outcome::Ambiguous;
    break;
  case OR_No_Viable_Function:
    R.Result = Outcome::NoViable;
    break;
  }
  for (const OverloadCandidate &C : CS) {
    Resolution::Through Through;
    if (C.Viable)
      for (const ImplicitConversionSequence &ICS : C.Conversions)
        if (ICS.isUserDefined() && ICS.UserDefined.ConversionFunction)
          Through.push_back(ICS.UserDefined.ConversionFunction);
    if (R.Result != Outcome::Ambiguous && R.Result != Outcome::NoViable && &C == &*Best)
      R.BestConversions = Through;
    if (C.Function) {
      R.Candidates.push_back({C.Function, bool(C.Viable), std::move(Through)});
    } else {
      R.BuiltinViable |= bool(C.Viable);
      for (const FunctionDecl *F : Through) // one per built-in signature: each once
        if (!llvm::is_contained(R.BuiltinConversions, F))
          R.BuiltinConversions.push_back(F);
    }
  }
  return R;
}

/// Whether C initialises by copy-initialisation (`T t = x;`, an argument,
/// a return value): no parentheses, braces or type name written.
bool isCopyInit(const CXXConstructExpr *C) {
  return !isa<CXXTemporaryObjectExpr>(C) && !C->getParenOrBraceRange().isValid() &&
         C->getNumArgs() > 0 && C->getBeginLoc() == C->getArg(0)->getBeginLoc();
}

/// A copy-initialisation from an object of a type that is neither the class
/// nor derived from it: a user-defined conversion.
bool isCopyInitFromOtherType(const CXXConstructExpr *C) {
  if (!isCopyInit(C) || !C->getConstructor())
    return false;
  const CXXRecordDecl *RD = C->getConstructor()->getParent();
  QualType From = C->getArg(0)->IgnoreUnlessSpelledInSource()->getType();
  const CXXRecordDecl *FromRD = From.isNull() ? nullptr : From->getAsCXXRecordDecl();
  return !(FromRD && (FromRD->getCanonicalDecl() == RD->getCanonicalDecl() ||
                      (FromRD->hasDefinition() && FromRD->isDerivedFrom(RD))));
}

/// RD's constructors as candidates for Args: direct-initialisation
/// considers explicit ones, copy-initialisation only converting ones.
void addConstructorCandidates(Sema &S, CXXRecordDecl *RD, llvm::ArrayRef<Expr *> Args,
                              bool Direct, OverloadCandidateSet &CS,
                              bool SuppressUserConversions = false) {
  for (NamedDecl *D : S.LookupConstructors(RD)) {
    ConstructorInfo Info = getConstructorInfo(D);
    if (!Info || Info.Constructor->isInvalidDecl())
      continue;
    if (Info.ConstructorTmpl)
      S.AddTemplateOverloadCandidate(Info.ConstructorTmpl, Info.FoundDecl, nullptr, Args, CS,
                                     SuppressUserConversions,
                                     /*PartialOverloading=*/false, /*AllowExplicit=*/Direct);
    else
      S.AddOverloadCandidate(Info.Constructor, Info.FoundDecl, Args, CS,
                             SuppressUserConversions, /*PartialOverloading=*/false,
                             /*AllowExplicit=*/Direct,
                             /*AllowExplicitConversion=*/Direct && Args.size() == 1 &&
                                 Info.Constructor->isCopyOrMoveConstructor());
  }
}

class Replay {
public:
  Replay(Sema &S, const CallSite &Site, const Decl *Caller)
      : S(S), Site(Site), SM(S.getSourceManager()), Caller(Caller),
        InInstantiation(isInInstantiation(Caller)),
        CS(Site.Loc, setKind(Site), rewriteInfo(S, Site)) {}

  /// Fills the candidate set as Sema would at the call; false when the
  /// site cannot be replayed.
  bool fill() {
    switch (Site.Kind) {
    case CallKind::Free:
      return fillFree(cast<CallExpr>(Site.E));
    case CallKind::Member:
      return fillMember(cast<CXXMemberCallExpr>(Site.E));
    case CallKind::Operator:
      return fillOperator();
    case CallKind::Construct:
      return fillConstruct(cast<CXXConstructExpr>(Site.E));
    case CallKind::Conversion:
      return fillConversion(cast<ImplicitCastExpr>(Site.E));
    }
    return false;
  }

  /// Takes out what ordinary lookup could not see at the call (declared
  /// after it), then resolves; Removed candidates are taken out too.
  Resolution resolve(llvm::function_ref<bool(const FunctionDecl *)> Removed) {
    for (OverloadCandidate &C : CS) {
      if (!C.Function)
        continue;
      if (Hidden.count(C.Function->getCanonicalDecl()) || (Removed && Removed(C.Function)))
        C.Viable = false;
      // A candidate that reaches its parameter only through a removed
      // function (`holder(holder&&)` taking an `array` through the removed
      // `template <class E> holder(E&&)`) is gone with it.
      if (Removed && C.Viable)
        for (const ImplicitConversionSequence &ICS : C.Conversions)
          if (ICS.isUserDefined() && ICS.UserDefined.ConversionFunction &&
              Removed(ICS.UserDefined.ConversionFunction))
            C.Viable = false;
    }
    return bestViable(S, CS, Site.Loc);
  }

  /// Marks the candidates unqualified lookup could not see from the call.
  /// AdlArgs: the arguments of a call that uses argument-dependent lookup
  /// (none otherwise): a friend declared in one of their associated classes
  /// is visible to it, any other friend declaration to nothing.
  void hideInvisible(llvm::ArrayRef<Expr *> AdlArgs) {
    std::optional<Sema::AssociatedClassSet> Classes;
    auto FoundByAdl = [&](const Decl *Friend) {
      if (AdlArgs.empty())
        return false;
      if (!Classes) {
        Sema::AssociatedNamespaceSet Namespaces;
        Classes.emplace();
        S.FindAssociatedClassesAndNamespaces(Site.Loc, AdlArgs, Namespaces, *Classes);
      }
      const CXXRecordDecl *Class = writtenClass(Friend->getLexicalDeclContext());
      return llvm::any_of(*Classes, [&](const CXXRecordDecl *C) { return writtenClass(C) == Class; });
    };
    for (OverloadCandidate &C : CS) {
      if (!C.Function || isa<CXXMethodDecl>(C.Function))
        continue; // members are found in their (complete) class
      // ADL from a template instantiation looks at the point of
      // instantiation: everything declared in the TU, approximately.
      if (InInstantiation && C.IsADLCandidate == CallExpr::UsesADL)
        continue;
      if (!declaredBefore(C.Function, Site.Loc, FoundByAdl))
        Hidden.insert(C.Function->getCanonicalDecl());
    }
  }

private:
  /// The kind of set Sema uses: its tie-breakers differ (the return type's
  /// conversion for conversion functions, inherited constructors).
  static OverloadCandidateSet::CandidateSetKind setKind(const CallSite &Site) {
    switch (Site.Kind) {
    case CallKind::Operator:
      return OverloadCandidateSet::CSK_Operator;
    case CallKind::Construct:
      return isCopyInitFromOtherType(cast<CXXConstructExpr>(Site.E))
                 ? OverloadCandidateSet::CSK_InitByUserDefinedConversion
                 : OverloadCandidateSet::CSK_InitByConstructor;
    case CallKind::Conversion:
      return OverloadCandidateSet::CSK_InitByUserDefinedConversion;
    default:
      return OverloadCandidateSet::CSK_Normal;
    }
  }

  static OverloadCandidateSet::OperatorRewriteInfo rewriteInfo(Sema &S, const CallSite &Site) {
    if (Site.Kind != CallKind::Operator)
      return {};
    OverloadedOperatorKind Op = operatorOf(Site);
    return OverloadCandidateSet::OperatorRewriteInfo(Op, Site.Loc, S.getLangOpts().CPlusPlus20);
  }

  static OverloadedOperatorKind operatorOf(const CallSite &Site) {
    if (const auto *R = dyn_cast<CXXRewrittenBinaryOperator>(Site.E))
      return BinaryOperator::getOverloadedOperator(R->getOperator());
    return cast<CXXOperatorCallExpr>(Site.E)->getOperator();
  }

  /// Whether some declaration of F (or of its template) that lookup at L
  /// can see comes before L: a friend declaration only when FoundByAdl says
  /// argument-dependent lookup finds it (dlib's `friend operator<<` of a
  /// class, defined at namespace scope after a call of `out << c`, is no
  /// candidate there).
  bool declaredBefore(const FunctionDecl *F, SourceLocation L,
                      llvm::function_ref<bool(const Decl *)> FoundByAdl) const {
    SourceLocation Call = SM.getExpansionLoc(L);
    auto Before = [&](const Decl *D) {
      SourceLocation DL = SM.getExpansionLoc(D->getLocation());
      return DL.isValid() && SM.isBeforeInTranslationUnit(DL, Call) &&
             (D->getFriendObjectKind() == Decl::FOK_None || FoundByAdl(D));
    };
    const Decl *Pattern = F;
    if (const FunctionTemplateDecl *T = primaryTemplateOf(F))
      Pattern = T;
    else if (const FunctionDecl *From = F->getInstantiatedFromMemberFunction())
      Pattern = From;
    for (const Decl *D : Pattern->redecls())
      if (Before(D))
        return true;
    return F->isImplicit(); // builtins, implicit declarations
  }

  /// Unqualified lookup of Name as seen from the call: the innermost
  /// enclosing scope that declares it (class scopes only for names that can
  /// be members), ignoring block scopes.
  void lookupUnqualified(LookupResult &R, bool IncludeClasses) {
    for (DeclContext *DC = callerContext(Caller, S.getASTContext()); DC;
         DC = DC->getParent()) {
      if (DC->isFunctionOrMethod() || DC->isTransparentContext())
        continue;
      if (DC->isRecord() && (!IncludeClasses || cast<CXXRecordDecl>(DC)->isLambda()))
        continue;
      S.LookupQualifiedName(R, DC);
      if (!R.empty())
        return;
    }
  }

  bool fillFree(const CallExpr *Call) {
    const auto *Ref = cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
    llvm::SmallVector<Expr *, 4> Args;
    if (!writtenArguments(argsOf(Call), Args))
      return false;
    TemplateArgumentListInfo Explicit;
    TemplateArgumentListInfo *ExplicitPtr = nullptr;
    if (Ref->hasExplicitTemplateArgs()) {
      Ref->copyTemplateArgumentsInto(Explicit);
      ExplicitPtr = &Explicit;
    }
    LookupResult R(S, Ref->getNameInfo(), Sema::LookupOrdinaryName);
    bool Qualified = Ref->hasQualifier();
    if (Qualified) {
      CXXScopeSpec SS;
      SS.Adopt(Ref->getQualifierLoc());
      DeclContext *DC = S.computeDeclContext(SS, /*EnteringContext=*/false);
      if (!DC)
        return false;
      S.LookupQualifiedName(R, DC);
    } else {
      lookupUnqualified(R, /*IncludeClasses=*/true);
    }
    UnresolvedSet<16> Fns;
    bool Adl = !Qualified && !isa<ParenExpr>(Call->getCallee()->IgnoreImpCasts());
    for (NamedDecl *D : R) {
      NamedDecl *Under = D->getUnderlyingDecl();
      if (!isa<FunctionDecl, FunctionTemplateDecl>(Under))
        return false; // a variable or type of that name: not a call we replay
      if (ExplicitPtr && !isa<FunctionTemplateDecl>(Under))
        continue; // `f<int>(x)` names templates only
      // [basic.lookup.argdep]p3: a class member or a block-scope function
      // found by ordinary lookup turns ADL off.
      if (Under->getDeclContext()->isRecord())
        Adl = false;
      Fns.addDecl(D);
    }
    S.AddFunctionCandidates(Fns, Args, CS, ExplicitPtr);
    if (Adl)
      S.AddArgumentDependentLookupCandidates(Ref->getDecl()->getDeclName(), Site.Loc, Args,
                                             ExplicitPtr, CS);
    hideInvisible(Adl ? llvm::ArrayRef<Expr *>(Args) : llvm::ArrayRef<Expr *>());
    return true;
  }

  bool fillMember(const CXXMemberCallExpr *Call) {
    const auto *ME = cast<MemberExpr>(Call->getCallee()->IgnoreParens());
    Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    QualType ObjectType = Base->getType();
    if (ME->isArrow()) {
      const auto *P = ObjectType->getAs<PointerType>();
      if (!P)
        return false;
      ObjectType = P->getPointeeType();
    }
    auto *RD = ObjectType->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition())
      return false;
    llvm::SmallVector<Expr *, 4> Args{Base};
    if (!writtenArguments(argsOf(Call), Args))
      return false;
    TemplateArgumentListInfo Explicit;
    TemplateArgumentListInfo *ExplicitPtr = nullptr;
    if (ME->hasExplicitTemplateArgs()) {
      ME->copyTemplateArgumentsInto(Explicit);
      ExplicitPtr = &Explicit;
    }
    LookupResult R(S, ME->getMemberNameInfo(), Sema::LookupMemberName);
    S.LookupQualifiedName(R, RD);
    UnresolvedSet<16> Fns;
    for (NamedDecl *D : R) {
      NamedDecl *Under = D->getUnderlyingDecl();
      if (isa<FunctionTemplateDecl>(Under) || (!ExplicitPtr && isa<CXXMethodDecl>(Under)))
        Fns.addDecl(D);
    }
    S.AddFunctionCandidates(Fns, Args, CS, ExplicitPtr, /*SuppressUserConversions=*/false,
                            /*PartialOverloading=*/false, /*FirstArgumentIsBase=*/true);
    return true;
  }

  bool fillOperator() {
    OverloadedOperatorKind Op = operatorOf(Site);
    llvm::SmallVector<Expr *, 2> Args;
    if (const auto *R = dyn_cast<CXXRewrittenBinaryOperator>(Site.E)) {
      if (!writtenArguments({R->getLHS(), R->getRHS()}, Args))
        return false;
    } else if (!writtenArguments(argsOf(cast<CXXOperatorCallExpr>(Site.E)), Args)) {
      return false;
    }
    DeclarationName Name = S.getASTContext().DeclarationNames.getCXXOperatorName(Op);
    if (Op == OO_Subscript) {
      // Members and built-ins only ([over.sub]).
      if (Args.size() != 2)
        return false;
      S.AddMemberOperatorCandidates(Op, Site.Loc, Args, CS);
      S.AddBuiltinOperatorCandidates(Op, Site.Loc, Args, CS);
      return true;
    }
    // Non-member candidates: unqualified lookup ignoring members; in C++20
    // also of the operator a rewritten candidate calls (`operator==` for
    // `a != b`, `operator<=>` for `a < b`), as Sema's LookupBinOp does.
    UnresolvedSet<16> Fns;
    auto LookUp = [&](DeclarationName N) {
      LookupResult R(S, N, Site.Loc, Sema::LookupOperatorName);
      lookupUnqualified(R, /*IncludeClasses=*/false);
      for (NamedDecl *D : R)
        if (isa<FunctionDecl, FunctionTemplateDecl>(D->getUnderlyingDecl()))
          Fns.addDecl(D);
    };
    LookUp(Name);
    if (S.getLangOpts().CPlusPlus20 && Args.size() == 2)
      if (OverloadedOperatorKind Extra = getRewrittenOverloadedOperator(Op); Extra != OO_None)
        LookUp(S.getASTContext().DeclarationNames.getCXXOperatorName(Extra));
    bool Unary = Args.size() == 1 || Op == OO_PlusPlus || Op == OO_MinusMinus;
    if (Unary) {
      S.AddNonMemberOperatorCandidates(Fns, Args, CS);
      S.AddMemberOperatorCandidates(Op, Site.Loc, Args, CS);
      S.AddArgumentDependentLookupCandidates(Name, Site.Loc, Args, nullptr, CS);
      S.AddBuiltinOperatorCandidates(Op, Site.Loc, Args, CS);
    } else if (Args.size() == 2) {
      // Members, non-members, ADL, built-ins and the C++20 rewritten and
      // reversed candidates, exactly as Sema adds them for `a op b`.
      S.LookupOverloadedBinOp(CS, Op, Fns, Args, /*PerformADL=*/true);
    } else {
      return false;
    }
    hideInvisible(Args);
    return true;
  }

  bool fillConstruct(const CXXConstructExpr *C) {
    auto *RD = C->getConstructor()->getParent();
    llvm::SmallVector<Expr *, 4> Args;
    llvm::SmallVector<const Expr *, 4> In(C->arg_begin(), C->arg_end());
    if (!writtenArguments(In, Args) || Args.empty())
      return false;
    // Direct-initialisation (`T t(x)`, `T(x)`, `T(x, y)`, `new T(x)`, member
    // initialisers) considers explicit constructors; copy-initialisation from
    // the class itself or a derived class considers the converting ones.
    if (!isCopyInitFromOtherType(C)) {
      bool Direct = !isCopyInit(C);
      if (!Direct && Args.size() != 1)
        return false;
      addConstructorCandidates(S, RD, Args, Direct, CS);
      return true;
    }
    // Copy-initialisation from another type (`f(v)` for `f(const Tensor &)`,
    // `Tensor t = v;`) is a user-defined conversion ([over.match.copy]).
    if (Args.size() != 1)
      return false;
    addUserDefinedConversions(Args[0], S.getASTContext().getRecordType(RD));
    return true;
  }

  bool fillConversion(const ImplicitCastExpr *Cast) {
    // Copy-initialisation from a class object through one of its conversion
    // functions ([over.match.conv]; to a class, [over.match.copy]).
    const auto *Call = cast<CXXMemberCallExpr>(Cast->getSubExpr()->IgnoreImplicit());
    Expr *From = const_cast<Expr *>(Call->getImplicitObjectArgument())->IgnoreParenImpCasts();
    auto *RD = From->getType()->getAsCXXRecordDecl();
    auto *ToRD = Cast->getType()->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || (ToRD && !ToRD->hasDefinition()))
      return false;
    addUserDefinedConversions(From, Cast->getType());
    return true;
  }

  /// The candidates of a user-defined conversion from From to To, as
  /// Sema::IsUserDefinedConversion builds the set: for a class target its
  /// converting constructors, their argument converted without another
  /// user-defined conversion, and the source class's conversion functions.
  void addUserDefinedConversions(Expr *From, QualType To) {
    if (auto *ToRD = To->getAsCXXRecordDecl(); ToRD && ToRD->hasDefinition())
      addConstructorCandidates(S, ToRD->getDefinition(), {From}, /*Direct=*/false, CS,
                               /*SuppressUserConversions=*/true);
    auto *FromRD = From->getType()->getAsCXXRecordDecl();
    if (!FromRD || !FromRD->hasDefinition())
      return;
    for (auto I = FromRD->getVisibleConversionFunctions().begin(),
              E = FromRD->getVisibleConversionFunctions().end();
         I != E; ++I) {
      auto *ActingContext = cast<CXXRecordDecl>((*I)->getDeclContext());
      if (auto *T = dyn_cast<FunctionTemplateDecl>((*I)->getUnderlyingDecl()))
        S.AddTemplateConversionCandidate(T, I.getPair(), ActingContext, From, To, CS,
                                         /*AllowObjCConversionOnExplicit=*/false,
                                         /*AllowExplicit=*/false);
      else if (auto *Conv = dyn_cast<CXXConversionDecl>((*I)->getUnderlyingDecl()))
        S.AddConversionCandidate(Conv, I.getPair(), ActingContext, From, To, CS,
                                 /*AllowObjCConversionOnExplicit=*/false,
                                 /*AllowExplicit=*/false);
    }
  }

  Sema &S;
  const CallSite &Site;
  const SourceManager &SM;
  const Decl *Caller;
  bool InInstantiation;
  OverloadCandidateSet CS;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Hidden;
};

/// While a query runs: the caller is Sema's current context (lookup, CUDA
/// caller rules), every diagnostic is suppressed, errors are SFINAE errors.
class QueryScope {
public:
  QueryScope(Sema &S, DeclContext *DC)
      : Diags(S.getDiagnostics()), WasSuppressed(Diags.getSuppressAllDiagnostics()),
        Tentative(S), Context(S, DC) {
    Diags.setSuppressAllDiagnostics(true);
  }
  ~QueryScope() {
    Context.pop();
    Diags.setSuppressAllDiagnostics(WasSuppressed);
  }

private:
  DiagnosticsEngine &Diags;
  bool WasSuppressed;
  Sema::TentativeAnalysisScope Tentative;
  Sema::ContextRAII Context;
};

} // namespace

OverloadOracle::OverloadOracle(Sema &S, unsigned Budget) : S(S), Budget(Budget) {
  setPanel(splitPanel(DefaultPanel));
}

std::vector<std::string> OverloadOracle::splitPanel(llvm::StringRef List) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  List.split(Parts, ';', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Out;
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Out.push_back(P.trim().str());
  return Out;
}

void OverloadOracle::setPanel(std::vector<std::string> TypeNames) {
  PanelNames = std::move(TypeNames);
  Panel.reset();
  Admits.clear();
}

namespace {

/// A builtin type by its spelling, with trailing `*` and a leading `const`.
QualType builtinNamed(llvm::StringRef Name, ASTContext &Ctx) {
  Name = Name.trim();
  if (Name.consume_back("*")) {
    QualType Pointee = builtinNamed(Name, Ctx);
    return Pointee.isNull() ? QualType() : Ctx.getPointerType(Pointee);
  }
  bool Const = Name.consume_front("const ");
  QualType T = llvm::StringSwitch<QualType>(Name.trim())
                   .Case("int", Ctx.IntTy)
                   .Case("long", Ctx.LongTy)
                   .Case("unsigned", Ctx.UnsignedIntTy)
                   .Case("float", Ctx.FloatTy)
                   .Case("double", Ctx.DoubleTy)
                   .Case("bool", Ctx.BoolTy)
                   .Case("char", Ctx.CharTy)
                   .Case("void", Ctx.VoidTy)
                   .Default(QualType());
  return Const && !T.isNull() ? T.withConst() : T;
}

/// The declaration a qualified name names in the TU (namespaces walked with
/// plain lookups: nothing is instantiated), or null.
NamedDecl *declNamed(llvm::StringRef Qualified, ASTContext &Ctx) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Qualified.split(Parts, "::");
  DeclContext *DC = Ctx.getTranslationUnitDecl();
  NamedDecl *Found = nullptr;
  for (size_t I = 0; I < Parts.size(); ++I) {
    if (!DC)
      return nullptr;
    DeclContextLookupResult R = DC->lookup(&Ctx.Idents.get(Parts[I]));
    if (R.empty()) {
      // Inline namespaces (std::__cxx11) are looked through.
      for (Decl *D : DC->decls())
        if (auto *NS = dyn_cast<NamespaceDecl>(D); NS && NS->isInline()) {
          R = NS->lookup(&Ctx.Idents.get(Parts[I]));
          if (!R.empty())
            break;
        }
      if (R.empty())
        return nullptr;
    }
    Found = R.front();
    DC = dyn_cast<DeclContext>(Found);
  }
  return Found;
}

/// `std::vector<int>`: an existing specialisation only.
QualType specializationNamed(llvm::StringRef Name, ASTContext &Ctx) {
  size_t Open = Name.find('<');
  if (Open == llvm::StringRef::npos || !Name.ends_with(">"))
    return QualType();
  auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(declNamed(Name.take_front(Open), Ctx));
  QualType Arg = builtinNamed(Name.slice(Open + 1, Name.size() - 1), Ctx);
  if (!CTD || Arg.isNull())
    return QualType();
  for (ClassTemplateSpecializationDecl *Spec : CTD->specializations())
    if (Spec->getTemplateArgs().size() >= 1 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
        Ctx.hasSameType(Spec->getTemplateArgs()[0].getAsType(), Arg))
      return Ctx.getRecordType(Spec);
  return QualType();
}

/// Any closure type of the TU's own code (the first found).
QualType anyClosureType(ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    QualType Found;
    bool VisitLambdaExpr(LambdaExpr *E) {
      Found = QualType(E->getLambdaClass()->getTypeForDecl(), 0);
      return false;
    }
  } F;
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      continue;
    F.TraverseDecl(D);
    if (!F.Found.isNull())
      break;
  }
  return F.Found;
}

/// Up to Want complete class types of namespace std (and its inline
/// namespaces) that the TU defines, in declaration order, other than those
/// in Have: `std::allocator<char>`, `std::char_traits<char>`, ...
void addStandardClasses(ASTContext &Ctx, unsigned Want, std::vector<QualType> &Have) {
  std::function<void(const DeclContext *)> Walk = [&](const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
      if (Want == 0)
        return;
      if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
        if (NS->isInline())
          Walk(NS);
        continue;
      }
      const auto *RD = dyn_cast<CXXRecordDecl>(D);
      if (const auto *CTD = dyn_cast<ClassTemplateDecl>(D)) {
        for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations())
          if (Spec->isCompleteDefinition() && !Spec->isDependentContext()) {
            RD = Spec;
            break;
          }
      }
      if (!RD || !RD->isCompleteDefinition() || RD->isDependentContext() || !RD->getIdentifier() ||
          RD->getName().starts_with("_") || RD->isLambda())
        continue;
      QualType T = Ctx.getRecordType(RD);
      if (llvm::any_of(Have, [&](QualType H) { return Ctx.hasSameType(H, T); }))
        continue;
      Have.push_back(T);
      --Want;
    }
  };
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *NS = dyn_cast<NamespaceDecl>(D); NS && NS->isStdNamespace())
      Walk(NS);
}

/// Member template T of a class template, as declared by the first complete
/// specialisation of that class the TU made, or null (none, or T is a
/// member of a partial specialisation).
const FunctionTemplateDecl *memberOfSomeSpecialization(const FunctionTemplateDecl *T) {
  const auto *Pattern = cast<CXXRecordDecl>(T->getDeclContext());
  const ClassTemplateDecl *Class = Pattern->getDescribedClassTemplate();
  if (!Class)
    return nullptr;
  const FunctionTemplateDecl *Canonical = T->getCanonicalDecl();
  for (const ClassTemplateSpecializationDecl *Spec : Class->specializations()) {
    if (!Spec->isCompleteDefinition() || Spec->isInvalidDecl() || Spec->isDependentContext() ||
        Spec->getSpecializationKind() == TSK_ExplicitSpecialization)
      continue;
    for (const Decl *D : Spec->decls())
      if (const auto *M = dyn_cast<FunctionTemplateDecl>(D))
        if (const FunctionTemplateDecl *From = M->getInstantiatedFromMemberTemplate();
            From && From->getCanonicalDecl() == Canonical)
          return M;
  }
  return nullptr;
}

} // namespace

const std::vector<QualType> &OverloadOracle::panelTypes() {
  if (!Panel) {
    ASTContext &Ctx = S.getASTContext();
    Panel.emplace();
    for (const std::string &Name : PanelNames) {
      llvm::StringRef N(Name);
      QualType T = N == "lambda"          ? anyClosureType(Ctx)
                   : N.contains('<')      ? specializationNamed(N, Ctx)
                   : N.contains("::")     ? QualType()
                                          : builtinNamed(N, Ctx);
      if (T.isNull() && N.contains("::") && !N.contains('<'))
        if (auto *TD = dyn_cast_or_null<TypeDecl>(declNamed(N, Ctx)))
          T = Ctx.getTypeDeclType(TD);
      if (!T.isNull())
        Panel->push_back(T);
    }
    // A TU without the panel's class specialisations (no std::vector<int>)
    // could not tell `is_class<T>` from `is_same<T, std::string>`: other
    // classes of the standard library it has stand in for them, so that two
    // foreign class types are always tried (when the panel names any).
    unsigned Classes = llvm::count_if(*Panel, [](QualType T) { return T->isRecordType(); });
    if (Classes > 0 && Classes < 2)
      addStandardClasses(Ctx, 2 - Classes, *Panel);
  }
  return *Panel;
}

bool OverloadOracle::admitsEverydayTypes(const FunctionTemplateDecl *Asked) {
  auto [It, New] = Admits.try_emplace(Asked->getCanonicalDecl(), false);
  if (!New)
    return It->second;
  const FunctionTemplateDecl *T = Asked;
  // A member template of a class template is judged as a specialisation of
  // its class declares it (the constraint may name the class's parameters);
  // with none in the TU it keeps its constraint.
  if (const auto *RD = dyn_cast<CXXRecordDecl>(T->getDeclContext()))
    if (RD->isDependentContext())
      if (!(T = memberOfSomeSpecialization(T)))
        return false;
  // Deducing a member of a class template specialisation substitutes
  // without the class's instantiation context: LLVM 16's Sema crashed on
  // return types that need it (g++.dg cpp0x/decltype44.C, variadic94.C).
  // Constructors have none and a conversion's is the type deduced, so only
  // those are judged there; other members keep their constraint.
  if (const auto *RD = dyn_cast<CXXRecordDecl>(T->getDeclContext()))
    if ((isa<ClassTemplateSpecializationDecl>(RD) || RD->getTemplateInstantiationPattern()) &&
        !isa<CXXConstructorDecl, CXXConversionDecl>(T->getTemplatedDecl()))
      return false;
  const std::vector<QualType> &Types = panelTypes();
  FunctionDecl *FD = T->getTemplatedDecl();
  ASTContext &Ctx = S.getASTContext();
  unsigned Admitted = 0;
  // In a specialisation, the class's own type arguments are admitted by
  // design (dlib's `type_safe_union<int, std::string>` converts from exactly
  // its alternatives): they are no evidence of breadth.
  llvm::SmallVector<QualType, 4> ClassArgs;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(T->getDeclContext()))
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      for (const TemplateArgument &E :
           A.getKind() == TemplateArgument::Pack ? A.pack_elements() : llvm::ArrayRef(A))
        if (E.getKind() == TemplateArgument::Type)
          ClassArgs.push_back(E.getAsType().getCanonicalType().getUnqualifiedType());
  for (QualType P : Types) {
    if (budgetSpent())
      break;
    if (llvm::is_contained(ClassArgs, P.getCanonicalType().getUnqualifiedType()))
      continue;
    ++Replays;
    QueryScope Scope(S, FD->getDeclContext());
    // Every parameter that depends on the template takes the panel type,
    // the others their own (an `std::ostream &` stays one).
    // In the ASTContext's arena: Sema may keep pointers to call arguments.
    llvm::SmallVector<Expr *, 4> Args;
    for (unsigned I = 0; I < FD->getMinRequiredArguments(); ++I) {
      QualType Param = FD->getParamDecl(I)->getType();
      if (const auto *Pack = Param->getAs<PackExpansionType>())
        Param = Pack->getPattern();
      QualType Arg = Param->isDependentType() ? P : Param.getNonReferenceType();
      Args.push_back(new (Ctx) OpaqueValueExpr(T->getLocation(), Arg.getNonReferenceType(),
                                               VK_LValue));
    }
    sema::TemplateDeductionInfo Info(T->getLocation());
    if (isa<CXXConversionDecl>(FD)) {
      // A conversion template deduces from the type converted to.
      if (compat::deducesConversionTo(S, const_cast<FunctionTemplateDecl *>(T), P, Info))
        ++Admitted;
      continue;
    }
    if (compat::deducesForCall(S, const_cast<FunctionTemplateDecl *>(T), Args, Info))
      ++Admitted;
  }
  // Two everyday foreign types are enough: `is_class` (every class type) and
  // `is_arithmetic` are broad; `is_same<T, X>`, `is_floating_point`, a
  // project trait are not.
  bool Broad = Admitted >= 2;
  return Admits[Asked->getCanonicalDecl()] = Broad;
}

bool isBroadlyUnconstrained(const FunctionTemplateDecl *T, OverloadOracle *Oracle) {
  if (!T)
    return false;
  if (isUnconstrainedTemplate(T))
    return true;
  return Oracle && Oracle->admitsEverydayTypes(T);
}

std::optional<Resolution> OverloadOracle::resolveNonConstCopy(const CXXRecordDecl *Class) {
  if (budgetSpent() || !Class)
    return std::nullopt;
  const CXXRecordDecl *Def = Class->getDefinition();
  if (!Def || Def->isDependentContext() || Def->isInvalidDecl() || Def->isLambda() ||
      Def->isBeingDefined())
    return std::nullopt;
  ++Replays;
  auto *RD = const_cast<CXXRecordDecl *>(Def);
  ASTContext &Ctx = S.getASTContext();
  // From outside the class: a user's `X b(a);` in the class's namespace.
  QueryScope Scope(S, RD->getEnclosingNamespaceContext());
  SourceLocation Loc = RD->getLocation();
  // In the ASTContext's arena: Sema may keep pointers to call arguments.
  Expr *Args[] = {new (Ctx) OpaqueValueExpr(Loc, Ctx.getRecordType(RD), VK_LValue)};
  OverloadCandidateSet CS(Loc, OverloadCandidateSet::CSK_InitByConstructor);
  addConstructorCandidates(S, RD, Args, /*Direct=*/true, CS);
  return bestViable(S, CS, Loc);
}

std::optional<Resolution>
OverloadOracle::resolve(const CallSite &Site, const Decl *Caller,
                        llvm::function_ref<bool(const FunctionDecl *)> Removed) {
  if (budgetSpent() || !Site.Chosen)
    return std::nullopt;
  ++Replays;
  QueryScope Scope(S, callerContext(Caller, S.getASTContext()));
  Replay R(S, Site, Caller);
  if (!R.fill())
    return std::nullopt;
  Resolution AsCompiled = R.resolve({});
  if (AsCompiled.Result != Outcome::Function || !AsCompiled.Function ||
      AsCompiled.Function->getCanonicalDecl() != Site.Chosen->getCanonicalDecl()) {
    ++Unreproduced;
    return std::nullopt; // the replay is not what clang did: no claim
  }
  if (!Removed)
    return AsCompiled;
  return R.resolve(Removed);
}

} // namespace dispatch
