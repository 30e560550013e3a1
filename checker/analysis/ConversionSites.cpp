#include "dispatch/ConversionSites.h"

#include "dispatch/AstNavigation.h"
#include "dispatch/TemplateFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace dispatch {

bool isEditableRange(SourceRange R, const SourceManager &SM) {
  if (R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return false;
  if (SM.isInSystemHeader(R.getBegin()))
    return false;
  return SM.getFileID(R.getBegin()) == SM.getFileID(R.getEnd());
}

/// The type written where the converted value goes, when it is the same type
/// as the conversion's result: keeps `std::string` instead of
/// `std::basic_string<char>` in the rewrite.
static QualType sugaredTarget(const Expr *Whole, QualType Target, ASTContext &Ctx) {
  QualType Canon = bareType(Target);
  auto Same = [&](QualType T) { return !T.isNull() && bareType(T) == Canon; };
  DynTypedNode Parent = writtenParent(Whole, Ctx);
  if (const auto *VD = Parent.get<VarDecl>())
    if (Same(VD->getType()))
      return VD->getType();
  // `n = std::move(w)` through the class's own (implicit) assignment: the
  // left operand as declared (`Owned<idx_t> n;`, faiss's
  // `MaybeOwnedVector<storage_idx_t>`), not the operator's `Owned<int> &&`.
  if (const auto *Assign = Parent.get<CXXOperatorCallExpr>();
      Assign && Assign->getOperator() == OO_Equal && Assign->getNumArgs() == 2 &&
      Assign->getArg(1)->IgnoreImplicit() == Whole->IgnoreImplicit())
    if (QualType Left = Assign->getArg(0)->IgnoreParenImpCasts()->getType(); Same(Left))
      return Left.getUnqualifiedType();
  if (const auto *Call = Parent.get<CallExpr>())
    if (const FunctionDecl *Callee = Call->getDirectCallee()) {
      unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        if (Call->getArg(I)->IgnoreImplicit() != Whole->IgnoreImplicit() || I < Shift)
          continue;
        if (I - Shift < Callee->getNumParams() &&
            Same(Callee->getParamDecl(I - Shift)->getType()))
          return Callee->getParamDecl(I - Shift)->getType();
      }
    }
  return Target;
}

/// Where the rewritten type name will be looked up: the function (or the
/// namespace of the variable or field) holding the site.
static const DeclContext *useContext(const Expr *E, ASTContext &Ctx) {
  const Decl *Caller = enclosingCaller(E, Ctx);
  if (const auto *DC = dyn_cast_or_null<DeclContext>(Caller))
    return DC;
  return Caller ? Caller->getDeclContext() : nullptr;
}

/// "'double' to 'count'" when E is a standard conversion that changes a
/// value's kind (floating-point to integer, anything to bool, bool to a
/// number), else "". To:
/// the target as written, when the cast's own type lost its spelling (a
/// parameter's `count`, not `uint64_t`).
static std::string kindChange(const Expr *E, const ASTContext &Ctx, QualType To = {}) {
  if (const auto *M = dyn_cast_or_null<MaterializeTemporaryExpr>(E))
    E = M->getSubExpr();
  const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(E ? E->IgnoreParens() : nullptr);
  if (!Cast)
    return "";
  switch (Cast->getCastKind()) {
  case CK_IntegralCast:
  case CK_IntegralToFloating:
    // A truth value used as a number: `std::vector<Tensor>(t)` through
    // `operator bool` is a vector of one element (CTranslate2's beam search).
    if (!Cast->getSubExpr()->getType()->isBooleanType())
      return "";
    [[fallthrough]];
  case CK_FloatingToIntegral:
  case CK_IntegralToBoolean:
  case CK_FloatingToBoolean:
  case CK_PointerToBoolean:
  case CK_MemberPointerToBoolean:
  {
    // The source canonical: a template's member typedef (`matrix_exp<...>::type`)
    // says less than `double`, at great length. So does a target inside a
    // system header's template (`std::vector<...>::size_type`).
    QualType Target = To.isNull() ? Cast->getType() : To.getNonReferenceType().getUnqualifiedType();
    if (Ctx.getSourceManager().isInSystemHeader(Cast->getExprLoc()))
      Target = Target.getCanonicalType();
    return "'" + spellType(Cast->getSubExpr()->getType().getCanonicalType(), Ctx) + "' to '" +
           spellType(Target, Ctx) + "'";
  }
  default:
    return "";
  }
}

static void markUneditable(ConversionSite &Site, const Expr *Whole, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange R = Site.Operand->getSourceRange();
  Site.Unevaluated = isInUnevaluatedOperand(Whole, Ctx);
  if (Site.Unevaluated)
    Site.NotRewritable = "in an unevaluated operand";
  else if (R.getBegin().isMacroID() || R.getEnd().isMacroID() ||
      Whole->getBeginLoc().isMacroID())
    Site.NotRewritable = "in a macro expansion";
  else if (SM.isInSystemHeader(R.getBegin()))
    Site.NotRewritable = "in a system header";
  else if (isInInstantiation(enclosingCaller(Whole, Ctx)))
    Site.NotRewritable = "in a template instantiation";
  else if (!isEditableRange(R, SM))
    Site.NotRewritable = "spans files";
}

/// Whether E, under its written parent, initialises a base or member in a
/// constructor's initialiser list (`: Base{x}`, `: m_{x}`): a
/// direct-initialisation. The parent map may give the constructor, not the
/// initialiser, as the parent.
static bool initialisesBaseOrMember(const CXXConstructExpr *E, const DynTypedNode &Parent) {
  if (Parent.get<CXXCtorInitializer>())
    return true;
  const auto *Ctor = Parent.get<CXXConstructorDecl>();
  return Ctor && llvm::any_of(Ctor->inits(), [&](const CXXCtorInitializer *Init) {
           return Init->getInit() && Init->getInit()->IgnoreImplicit() == E;
         });
}

/// Whether list-initialisation E is copy-list-initialisation (`T t = {x}`,
/// `return {x}`, `f({x})`), which an explicit constructor rejects; `T t{x}`,
/// a member's `T m{x}` and base or member initialisers are direct.
static bool isCopyListInitialisation(const CXXConstructExpr *E, const DynTypedNode &Parent) {
  if (!E->isListInitialization() || E->isStdInitListInitialization())
    return false;
  if (const auto *VD = Parent.get<VarDecl>())
    if (VD->getInitStyle() == VarDecl::ListInit)
      return false;
  if (const auto *FD = Parent.get<FieldDecl>())
    if (FD->getInClassInitStyle() == ICIS_ListInit)
      return false;
  return !initialisesBaseOrMember(E, Parent) && !Parent.get<InitListExpr>();
}

/// The arguments written at a construction (not filled in by defaults).
static unsigned writtenArguments(const CXXConstructExpr *E) {
  return llvm::count_if(E->arguments(), [](const Expr *A) { return !A->isDefaultArgument(); });
}

std::optional<ConversionSite> bracedConstructionSite(const CXXConstructExpr *E,
                                                     ASTContext &Ctx) {
  const CXXConstructorDecl *Ctor = E->getConstructor();
  unsigned Written = writtenArguments(E);
  if (!Ctor || Ctor->getNumParams() == 0 || isa<CXXTemporaryObjectExpr>(E) || Written == 1 ||
      !isCopyListInitialisation(E, writtenParent(E, Ctx)))
    return std::nullopt;
  ConversionSite Site;
  Site.Conversion = writtenDecl(Ctor);
  Site.Form = SiteForm::CopyListInit;
  Site.Operand = E;
  Site.Loc = E->getBeginLoc();
  Site.Node = E;
  Site.TargetSpelling = spellTypeAt(sugaredTarget(E, E->getType(), Ctx), useContext(E, Ctx), Ctx);
  markUneditable(Site, E, Ctx);
  return Site;
}

std::optional<ConversionSite> implicitConstructorSite(const CXXConstructExpr *E,
                                                      ASTContext &Ctx) {
  if (isa<CXXTemporaryObjectExpr>(E) || E->getNumArgs() == 0)
    return std::nullopt;
  const CXXConstructorDecl *Ctor = E->getConstructor();
  if (!Ctor || Ctor->isCopyOrMoveConstructor())
    return std::nullopt;
  DynTypedNode Parent = writtenParent(E, Ctx);
  // `T(x)`, `(T)x`, `static_cast<T>(x)`, `static_cast<const T&>(x)` (the
  // temporary's construction sits under the cast), `new T(x)`: spelled.
  if (Parent.get<ExplicitCastExpr>() || Parent.get<CXXNewExpr>())
    return std::nullopt;
  ConversionSite Site;
  Site.Conversion = writtenDecl(Ctor);
  if (E->isListInitialization()) {
    // `T t{x}` and a member's `T m{x};` are direct-list-initialisation,
    // fine with explicit.
    if (!isCopyListInitialisation(E, Parent))
      return std::nullopt;
    // `return {g, adj}` builds from two values through a constructor whose
    // defaults also let it convert one (OGDF's `GraphAdjIterator(Graph * =
    // nullptr, adjEntry = nullptr)`): no conversion from `Graph *` happens.
    if (writtenArguments(E) > 1)
      return std::nullopt;
    Site.Form = SiteForm::CopyListInit;
    Site.Operand = E;
  } else {
    if (E->getParenOrBraceRange().isValid() || E->getNumArgs() < 1)
      return std::nullopt;
    if (const auto *VD = Parent.get<VarDecl>())
      if (VD->getInitStyle() != VarDecl::CInit)
        return std::nullopt;
    if (initialisesBaseOrMember(E, Parent))
      return std::nullopt; // `: member_(x)` is direct-initialisation
    Site.Form = SiteForm::CopyInit;
    Site.Operand = E->getArg(0);
  }
  if (E->getArg(0)->getSourceRange().isInvalid() || E->getArg(0)->isDefaultArgument())
    return std::nullopt;
  Site.Loc = E->getBeginLoc();
  Site.Node = E;
  if (std::string Change = kindChange(E->getArg(0), Ctx, Ctor->getParamDecl(0)->getType());
      !Change.empty())
    Site.KindChange = ", after converting " + Change;
  Site.TargetSpelling = spellTypeAt(sugaredTarget(E, E->getType(), Ctx), useContext(E, Ctx), Ctx);
  markUneditable(Site, E, Ctx);
  return Site;
}

std::optional<ConversionSite> implicitAssignmentSite(const CXXOperatorCallExpr *E,
                                                     ASTContext &Ctx) {
  if (E->getOperator() != OO_Equal || E->getNumArgs() != 2)
    return std::nullopt;
  const auto *Assign = dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee());
  if (!Assign || Assign->isCopyAssignmentOperator() || Assign->isMoveAssignmentOperator())
    return std::nullopt;
  const Expr *Operand = E->getArg(1)->IgnoreImplicit();
  if (Operand->getSourceRange().isInvalid())
    return std::nullopt;
  ConversionSite Site;
  Site.Conversion = writtenDecl(Assign);
  Site.Operand = Operand;
  Site.Node = E;
  Site.Loc = Operand->getBeginLoc();
  Site.Form = SiteForm::CopyInit;
  // The left operand's type as written (`floatX`, not `__nv_bfloat16`); for
  // an element of a class template (`x128 out; out[k] = f;`), the argument as
  // the object's type spells it.
  QualType Left = E->getArg(0)->getType().getNonReferenceType().getUnqualifiedType();
  if (QualType Written = writtenArgumentOfResult(E->getArg(0)); !Written.isNull())
    Left = Written.getUnqualifiedType();
  Site.TargetSpelling = spellTypeAt(Left, useContext(E, Ctx), Ctx);
  markUneditable(Site, E, Ctx);
  return Site;
}

static bool isContextualBoolUse(const Expr *E, ASTContext &Ctx) {
  DynTypedNode Parent = writtenParent(E, Ctx);
  if (const auto *If = Parent.get<IfStmt>())
    return If->getCond() && If->getCond()->IgnoreImplicit() == E->IgnoreImplicit();
  if (Parent.get<WhileStmt>() || Parent.get<DoStmt>() || Parent.get<ForStmt>())
    return true;
  if (const auto *UO = Parent.get<UnaryOperator>())
    return UO->getOpcode() == UO_LNot;
  if (const auto *BO = Parent.get<BinaryOperator>())
    return BO->isLogicalOp();
  if (const auto *CO = Parent.get<ConditionalOperator>())
    return CO->getCond()->IgnoreImplicit() == E->IgnoreImplicit();
  return false;
}

std::optional<ConversionSite> implicitConversionOperatorSite(const ImplicitCastExpr *E,
                                                             ASTContext &Ctx) {
  if (E->getCastKind() != CK_UserDefinedConversion)
    return std::nullopt;
  // `(float)h`, `static_cast<float>(h)`, `float(h)`: clang puts the
  // conversion-function call in an ImplicitCastExpr under the explicit cast
  // (marked part-of-explicit-cast); the programmer spelled the conversion.
  if (E->isPartOfExplicitCast())
    return std::nullopt;
  // `static_cast<std::vector<float>>(dv)`: the result is bound to a
  // temporary between the two, so the cast is its written parent, not the
  // conversion's marking; a cast to the conversion's own type spelled it.
  if (const auto *Cast = writtenParent(E, Ctx).get<ExplicitCastExpr>())
    if (Ctx.hasSameUnqualifiedType(Cast->getType().getNonReferenceType(),
                                   E->getType().getNonReferenceType()))
      return std::nullopt;
  const auto *Call = dyn_cast<CXXMemberCallExpr>(E->getSubExpr()->IgnoreImplicit());
  if (!Call)
    return std::nullopt;
  const auto *Conv = dyn_cast_or_null<CXXConversionDecl>(Call->getMethodDecl());
  if (!Conv)
    return std::nullopt;
  const Expr *Object = Call->getImplicitObjectArgument();
  if (!Object)
    return std::nullopt;
  ConversionSite Site;
  Site.Conversion = writtenDecl(Conv);
  Site.Operand = Object->IgnoreImplicit();
  Site.Node = E;
  Site.Loc = Site.Operand->getBeginLoc();
  const ImplicitCastExpr *After = nullptr;
  if (DynTypedNodeList Parents = Ctx.getParents(*E); !Parents.empty())
    After = Parents[0].get<ImplicitCastExpr>();
  bool TestedAfter =
      After && After->getType()->isBooleanType() && isContextualBoolUse(After, Ctx);
  // A condition through `operator bool`, or through the safe-bool idiom
  // (pugixml's `operator unspecified_bool_type`, a private typedef) whose
  // remedy, `explicit operator bool`, keeps it.
  Site.Form = (E->getType()->isBooleanType() && isContextualBoolUse(E, Ctx)) ||
                      (TestedAfter && !safeBoolTargetName(Conv).empty())
                  ? SiteForm::ContextualBool
                  : SiteForm::OperatorCall;
  // A conversion to a pointer or a safe-bool member pointer tested in a
  // condition (`if (task.bfp)`) is the idiom's own use: to bool is no change
  // of kind there.
  if (After && !TestedAfter)
    if (std::string Change = kindChange(After, Ctx); !Change.empty())
      Site.KindChange = ", then converting " + Change;
  Site.TargetSpelling = spellTypeAt(sugaredTarget(E, E->getType(), Ctx), useContext(E, Ctx), Ctx);
  // A conversion to a reference (OGDF's `operator const Graph &`) is cast to
  // that reference: `static_cast<Graph>(x)` copies the object, and a
  // function returning `const Graph &` would return the copy's address.
  if (const auto *Ref = Conv->getConversionType()->getAs<ReferenceType>()) {
    std::string CV = Ref->getPointeeType().getQualifiers().getAsString();
    Site.TargetSpelling = (CV.empty() ? "" : CV + " ") + Site.TargetSpelling +
                          (isa<RValueReferenceType>(Ref) ? " &&" : " &");
  }
  markUneditable(Site, E, Ctx);
  return Site;
}

std::string safeBoolTargetName(const FunctionDecl *D) {
  const auto *Conv = dyn_cast<CXXConversionDecl>(D);
  if (!Conv)
    return "";
  QualType T = Conv->getConversionType();
  const NamedDecl *Named = nullptr;
  if (const auto *TD = T->getAs<TypedefType>())
    Named = TD->getDecl();
  else if (const TagDecl *Tag = T->getAsTagDecl())
    Named = Tag;
  if (!Named || !isa<CXXRecordDecl>(Named->getDeclContext()) ||
      Named->getAccess() == AS_public || Named->getAccess() == AS_none)
    return "";
  return Named->getNameAsString();
}

std::vector<FixItHint> wrapOperand(const ConversionSite &Site, llvm::StringRef Open,
                                   const ASTContext &Ctx) {
  SourceRange R = Site.Operand->getSourceRange();
  SourceLocation After =
      Lexer::getLocForEndOfToken(R.getEnd(), 0, Ctx.getSourceManager(), Ctx.getLangOpts());
  return {FixItHint::CreateInsertion(R.getBegin(), Open),
          FixItHint::CreateInsertion(After, ")")};
}

std::vector<FixItHint> rewriteSite(const ConversionSite &Site, const ASTContext &Ctx) {
  switch (Site.Form) {
  case SiteForm::ContextualBool:
    return {};
  case SiteForm::CopyListInit:
    return {FixItHint::CreateInsertion(Site.Operand->getBeginLoc(), Site.TargetSpelling)};
  case SiteForm::CopyInit:
    return wrapOperand(Site, Site.TargetSpelling + "(", Ctx);
  case SiteForm::OperatorCall:
    return wrapOperand(Site, "static_cast<" + Site.TargetSpelling + ">(", Ctx);
  }
  return {};
}

std::optional<FixItHint> insertExplicit(const FunctionDecl *FD, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!FD || FD->isOutOfLine() || !isa<CXXMethodDecl>(FD))
    return std::nullopt;
  SourceLocation Name = FD->getLocation();
  if (!isEditableRange(SourceRange(Name, Name), SM))
    return std::nullopt;
  return FixItHint::CreateInsertion(Name, "explicit ");
}

} // namespace dispatch
