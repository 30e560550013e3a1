#include "CallSites.h"
#include "Locations.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/Support/raw_ostream.h"

namespace resolve {

using namespace clang;
using nlohmann::json;

static bool isInstantiation(const Decl *D) {
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return FD->isTemplateInstantiation();
  if (const auto *RD = dyn_cast<CXXRecordDecl>(D))
    return isTemplateInstantiation(RD->getTemplateSpecializationKind());
  if (const auto *VD = dyn_cast<VarDecl>(D))
    return isTemplateInstantiation(VD->getTemplateSpecializationKind());
  return false;
}

bool CallCollector::TraverseDecl(Decl *D) {
  if (!D)
    return true;
  // System headers hold no call site we report; skipping them keeps the
  // tool fast on <string> and the CUDA wrappers.
  if (!isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
      inSystemHeader(SM, D->getLocation()))
    return true;
  const auto *FD = dyn_cast<FunctionDecl>(D);
  bool Inst = isInstantiation(D);
  bool Implicit = D->isImplicit() && FD;
  if (FD)
    Enclosing.push_back(FD);
  InstantiationDepth += Inst;
  ImplicitDepth += Implicit;
  bool Result = RecursiveASTVisitor::TraverseDecl(D);
  InstantiationDepth -= Inst;
  ImplicitDepth -= Implicit;
  if (FD)
    Enclosing.pop_back();
  return Result;
}

bool CallCollector::VisitCXXRewrittenBinaryOperator(CXXRewrittenBinaryOperator *E) {
  // Report the operator call(s) clang synthesised at the operator as written,
  // so that `a != b` matches whether it calls operator!= or a rewritten ==.
  const Expr *Inner = E->getDecomposedForm().InnerBinOp->IgnoreImplicit();
  const Expr *Outer = E->getSemanticForm()->IgnoreImplicit();
  for (const Expr *X : {Inner, Outer})
    if (isa<CXXOperatorCallExpr>(X))
      Rewrites[X] = E;
  return true;
}

bool CallCollector::VisitCallExpr(CallExpr *E) {
  const FunctionDecl *Callee = E->getDirectCallee();
  if (!Callee || Callee->getBuiltinID())
    return true; // calls through pointers resolve nothing; builtins are not overloads
  Site S("call", E->getBeginLoc(), E->getExprLoc());
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    S.Kind = "operator-call";
    S.Loc = Op->getOperatorLoc();
    if (const CXXRewrittenBinaryOperator *R = Rewrites.lookup(E)) {
      S.SemanticBegin = E->getBeginLoc();
      S.Begin = R->getBeginLoc();
      S.Loc = R->getOperatorLoc();
      S.Rewritten = true;
      S.RewrittenInner = R->getDecomposedForm().InnerBinOp->IgnoreImplicit() == E;
    }
  } else if (isa<CXXMemberCallExpr>(E)) {
    S.Kind = "member-call";
  }
  S.Args.assign(E->arg_begin(), E->arg_end());
  const Expr *Fn = E->getCallee()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Fn))
    S.Name = DRE->getLocation();
  else if (const auto *ME = dyn_cast<MemberExpr>(Fn))
    S.Name = ME->getMemberLoc();
  record(E, S, Callee);
  return true;
}

bool CallCollector::VisitCXXConstructExpr(CXXConstructExpr *E) {
  record(E, Site("construct", E->getBeginLoc(), E->getLocation(), E->getLocation()),
         E->getConstructor());
  return true;
}

bool CallCollector::VisitCastExpr(CastExpr *E) {
  if (E->getCastKind() != CK_UserDefinedConversion &&
      E->getCastKind() != CK_ConstructorConversion)
    return true;
  const auto *Fn = dyn_cast_or_null<FunctionDecl>(E->getConversionFunction());
  if (!Fn)
    return true;
  // The conversion function call or constructor inside is this conversion.
  const Expr *Inner = E->getSubExpr()->IgnoreImplicit();
  if (isa<CallExpr>(Inner) || isa<CXXConstructExpr>(Inner))
    Seen.insert(Inner);
  Site S("conversion", E->getBeginLoc(), E->getExprLoc());
  S.Explicit = isa<ExplicitCastExpr>(E);
  record(E, S, Fn);
  return true;
}

bool CallCollector::VisitBinaryOperator(BinaryOperator *E) {
  recordBuiltin(E, E->getOperatorLoc(), BinaryOperator::getOpcodeStr(E->getOpcode()),
                {E->getLHS(), E->getRHS()});
  return true;
}

bool CallCollector::VisitUnaryOperator(UnaryOperator *E) {
  recordBuiltin(E, E->getOperatorLoc(), UnaryOperator::getOpcodeStr(E->getOpcode()),
                {E->getSubExpr()});
  return true;
}

bool CallCollector::VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
  recordBuiltin(E, E->getRBracketLoc(), "[]", {E->getLHS(), E->getRHS()});
  return true;
}

void CallCollector::recordBuiltin(const Expr *E, SourceLocation OpLoc, llvm::StringRef Spelling,
                                  llvm::ArrayRef<const Expr *> Operands) {
  // Operators on built-in types only are never overload resolution; an
  // operand of class or enumeration type (before its implicit conversions,
  // `Fill::operator float()` among them) is.
  bool Resolved = llvm::any_of(Operands, [](const Expr *X) {
    while (const auto *Cast = dyn_cast<ImplicitCastExpr>(X->IgnoreParens())) {
      if (Cast->getCastKind() == CK_UserDefinedConversion)
        return true;
      X = Cast->getSubExpr();
    }
    QualType T = X->IgnoreParens()->getType().getNonReferenceType();
    return T->isRecordType() || T->isEnumeralType();
  });
  if (!Resolved || E->isTypeDependent())
    return;
  std::string Name = ("built-in 'operator" + Spelling + "'").str();
  record(E, Site("operator-call", E->getBeginLoc(), OpLoc),
         json{{"name", Name},
              {"signature", Name},
              {"pattern_signature", Name},
              {"decl", nullptr},
              {"key", "builtin:" + Spelling.str()},
              {"redecls", json::array()},
              {"template", nullptr},
              {"template_key", nullptr},
              {"implicit", true},
              {"system", false},
              {"builtin", true}});
}

void CallCollector::record(const Expr *E, const Site &S, const FunctionDecl *Callee) {
  if (Callee)
    record(E, S, callee(Callee));
}

void CallCollector::record(const Expr *E, const Site &S, json Callee) {
  if (!Seen.insert(E).second)
    return;
  SourceLocation Where = S.Begin.isValid() ? S.Begin : S.Loc;
  if (inSystemHeader(SM, Where))
    return;
  json Call = {{"kind", S.Kind},
               {"begin", locationJson(SM, S.Begin)},
               {"loc", locationJson(SM, S.Loc)},
               {"name", locationJson(SM, S.Name)},
               {"in_instantiation", InstantiationDepth > 0},
               {"implicit_context", ImplicitDepth > 0},
               {"context", context()},
               {"callee", std::move(Callee)}};
  if (S.Explicit)
    Call["explicit_cast"] = true;
  if (S.Rewritten) {
    Call["rewritten"] = true;
    Call["semantic_begin"] = locationJson(SM, S.SemanticBegin);
    if (S.RewrittenInner)
      Call["rewritten_inner"] = true;
  }
  json Args = json::array();
  for (const Expr *A : S.Args)
    if (A && !isa<CXXDefaultArgExpr>(A))
      Args.push_back(locationJson(SM, A->getBeginLoc()));
  Call["args"] = std::move(Args);
  Calls.push_back(std::move(Call));
}

json CallCollector::callee(const FunctionDecl *FD) const {
  // A constructor inherited with `using Base::Base` is an implicit
  // constructor of the derived class; what was written is the base's.
  const FunctionDecl *Target = FD;
  bool Inherited = false;
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
    if (InheritedConstructor IC = Ctor->getInheritedConstructor()) {
      Target = IC.getConstructor();
      Inherited = true;
    }
  const FunctionDecl *Written = writtenDeclaration(Target);
  const FunctionTemplateDecl *Tmpl = writtenTemplate(Target);
  json C = {{"name", qualifiedName(Written)},
            {"signature", signature(Target)},
            {"pattern_signature", signature(Written)},
            {"decl", locationJson(SM, Written->getLocation())},
            {"key", declKey(Written)},
            {"redecls", redeclarationLocations(Written)},
            {"template", nullptr},
            {"template_key", nullptr},
            {"implicit", Target->isImplicit()},
            {"system", inSystemHeader(SM, Written->getLocation())}};
  if (Tmpl) {
    C["template"] = locationJson(SM, Tmpl->getLocation());
    C["template_key"] = declKey(Tmpl->getTemplatedDecl());
    // What a claim's `(with T = ...)` is compared with, to tell apart two
    // specialisations called at one location (`log << g << 1`).
    json Args = json::array();
    if (const TemplateArgumentList *List = Target->getTemplateSpecializationArgs())
      for (const TemplateArgument &A : List->asArray()) {
        std::string Text;
        llvm::raw_string_ostream OS(Text);
        A.print(Target->getASTContext().getPrintingPolicy(), OS, /*IncludeType=*/false);
        Args.push_back(OS.str());
      }
    C["template_args"] = std::move(Args);
  }
  if (Inherited)
    C["inherited_constructor"] = true;
  return C;
}

std::string CallCollector::context() const {
  return Enclosing.empty() ? std::string() : signature(Enclosing.back());
}

} // namespace resolve
