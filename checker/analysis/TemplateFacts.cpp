#include "dispatch/TemplateFacts.h"
#include "dispatch/LLVMCompat.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace dispatch {

static const TemplateTypeParmType *ownTypeParam(QualType T,
                                                const FunctionTemplateDecl *FTD) {
  const auto *TTP = T.getCanonicalType()->getAs<TemplateTypeParmType>();
  if (!TTP)
    return nullptr;
  if (TTP->getDepth() != FTD->getTemplateParameters()->getDepth())
    return nullptr;
  return TTP;
}

ParamShape classifyParam(const ParmVarDecl *P, const FunctionTemplateDecl *FTD) {
  ParamShape Shape;
  QualType T = P->getType();
  if (const auto *Pack = T->getAs<PackExpansionType>()) {
    Shape.IsPack = true;
    T = Pack->getPattern();
  }
  if (!T->isDependentType()) {
    Shape.Form = ParamForm::Concrete;
    return Shape;
  }
  Shape.Form = ParamForm::OtherDependent;
  if (const auto *RRef = T->getAs<RValueReferenceType>()) {
    QualType Pointee = RRef->getPointeeType();
    // Only an unqualified `T&&` is a forwarding reference.
    if (!Pointee.hasQualifiers())
      if ((Shape.Param = ownTypeParam(Pointee, FTD)))
        Shape.Form = ParamForm::AnyForwarding;
    return Shape;
  }
  if (const auto *LRef = T->getAs<LValueReferenceType>()) {
    QualType Pointee = LRef->getPointeeType();
    if ((Shape.Param = ownTypeParam(Pointee, FTD)))
      Shape.Form = Pointee.isConstQualified() ? ParamForm::AnyConstRef
                                              : ParamForm::AnyLvalueRef;
    return Shape;
  }
  if ((Shape.Param = ownTypeParam(T, FTD)))
    Shape.Form = ParamForm::AnyByValue;
  return Shape;
}

bool acceptsAnyType(ParamForm F) {
  return F == ParamForm::AnyByValue || F == ParamForm::AnyLvalueRef ||
         F == ParamForm::AnyConstRef || F == ParamForm::AnyForwarding;
}

namespace {
/// Finds the dependent constructs through which substitution can fail:
/// `typename X<T>::type` (what `enable_if_t` and friends become) and
/// `decltype(expr)`.
bool hasSfinaeConstruct(QualType T, llvm::SmallPtrSetImpl<const Type *> &Seen) {
  if (T.isNull())
    return false;
  const Type *Ty = T.getCanonicalType().getTypePtr();
  if (!Seen.insert(Ty).second)
    return false;
  if (isa<DependentNameType, DependentTemplateSpecializationType,
          DecltypeType, DependentSizedArrayType>(Ty))
    return true;
  if (const auto *Pack = dyn_cast<PackExpansionType>(Ty))
    return hasSfinaeConstruct(Pack->getPattern(), Seen);
  if (const auto *Ref = dyn_cast<ReferenceType>(Ty))
    return hasSfinaeConstruct(Ref->getPointeeType(), Seen);
  if (const auto *Ptr = dyn_cast<PointerType>(Ty))
    return hasSfinaeConstruct(Ptr->getPointeeType(), Seen);
  if (const auto *Arr = dyn_cast<ArrayType>(Ty))
    return hasSfinaeConstruct(Arr->getElementType(), Seen);
  if (const auto *FT = dyn_cast<FunctionProtoType>(Ty)) {
    if (hasSfinaeConstruct(FT->getReturnType(), Seen))
      return true;
    for (QualType P : FT->getParamTypes())
      if (hasSfinaeConstruct(P, Seen))
        return true;
    return false;
  }
  if (const auto *TST = dyn_cast<TemplateSpecializationType>(Ty)) {
    for (const TemplateArgument &A : TST->template_arguments())
      if (A.getKind() == TemplateArgument::Type &&
          hasSfinaeConstruct(A.getAsType(), Seen))
        return true;
      else if (A.getKind() == TemplateArgument::Expression)
        return true; // `Tensor<N>` with a dependent expression
  }
  return false;
}
} // namespace

bool isUnconstrainedTemplate(const FunctionTemplateDecl *FTD) {
  if (!FTD)
    return false;
  const TemplateParameterList *TPL = FTD->getTemplateParameters();
  if (TPL->hasAssociatedConstraints() || TPL->getRequiresClause())
    return false;
  const FunctionDecl *FD = FTD->getTemplatedDecl();
  if (FD->getTrailingRequiresClause())
    return false;
  for (const NamedDecl *Param : *TPL) {
    if (const auto *TTP = dyn_cast<TemplateTypeParmDecl>(Param)) {
      if (TTP->hasTypeConstraint())
        return false;
      if (TTP->hasDefaultArgument() &&
          compat::defaultTypeArgument(TTP)->isDependentType())
        return false; // `class = std::enable_if_t<...>`
    } else if (const auto *NTTP = dyn_cast<NonTypeTemplateParmDecl>(Param)) {
      if (NTTP->getType()->isDependentType())
        return false; // `std::enable_if_t<..., int> = 0`
    }
  }
  llvm::SmallPtrSet<const Type *, 16> Seen;
  if (!isa<CXXConstructorDecl>(FD) &&
      hasSfinaeConstruct(FD->getReturnType(), Seen))
    return false;
  for (const ParmVarDecl *P : FD->parameters()) {
    // `std::enable_if_t<...>* = nullptr` fails in the parameter's type; a
    // default argument itself (`const Box<T> & = Box<T>()`) is instantiated
    // only when used, outside deduction, and constrains nothing.
    Seen.clear();
    if (hasSfinaeConstruct(P->getType(), Seen))
      return false;
  }
  return true;
}

namespace {
class TypeMentions : public RecursiveASTVisitor<TypeMentions> {
public:
  explicit TypeMentions(unsigned Depth) : Depth(Depth) {}
  llvm::SmallBitVector Mentioned;

  bool VisitTemplateTypeParmType(TemplateTypeParmType *T) {
    if (T->getDepth() == Depth)
      mark(T->getIndex());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *P = dyn_cast<NonTypeTemplateParmDecl>(E->getDecl()); P && P->getDepth() == Depth)
      mark(P->getIndex());
    return true;
  }
  // A template template parameter, named (`T<int>`) or passed on as an
  // argument (dlib's `repeat(const repeat<num, T, U> &)`).
  bool TraverseTemplateName(TemplateName N) {
    if (const auto *P = dyn_cast_or_null<TemplateTemplateParmDecl>(N.getAsTemplateDecl());
        P && P->getDepth() == Depth)
      mark(P->getIndex());
    return RecursiveASTVisitor::TraverseTemplateName(N);
  }

private:
  void mark(unsigned Index) {
    if (Mentioned.size() <= Index)
      Mentioned.resize(Index + 1);
    Mentioned.set(Index);
  }
  unsigned Depth;
};
} // namespace

llvm::SmallBitVector parametersMentionedIn(TypeLoc TL, unsigned Depth) {
  TypeMentions Mentions(Depth);
  if (!TL.isNull())
    Mentions.TraverseTypeLoc(TL);
  return Mentions.Mentioned;
}

bool hasDefaultArgument(const NamedDecl *Param) {
  if (const auto *T = dyn_cast<TemplateTypeParmDecl>(Param))
    return T->hasDefaultArgument();
  if (const auto *N = dyn_cast<NonTypeTemplateParmDecl>(Param))
    return N->hasDefaultArgument();
  if (const auto *TT = dyn_cast<TemplateTemplateParmDecl>(Param))
    return TT->hasDefaultArgument();
  return false;
}

bool callableWithOneArgument(const FunctionTemplateDecl *FTD) {
  const FunctionDecl *FD = FTD->getTemplatedDecl();
  if (FD->getNumParams() == 0)
    return false;
  const TemplateParameterList *Params = FTD->getTemplateParameters();
  const TypeSourceInfo *TSI = FD->getParamDecl(0)->getTypeSourceInfo();
  llvm::SmallBitVector Mentioned =
      parametersMentionedIn(TSI ? TSI->getTypeLoc() : TypeLoc(), Params->getDepth());
  for (unsigned I = 0; I < Params->size(); ++I) {
    const NamedDecl *P = Params->getParam(I);
    if (!(I < Mentioned.size() && Mentioned.test(I)) && !hasDefaultArgument(P) &&
        !P->isTemplateParameterPack())
      return false;
  }
  return true;
}

llvm::SmallVector<const FunctionDecl *, 4> instantiatedMembers(const FunctionDecl *Pattern) {
  llvm::SmallVector<const FunctionDecl *, 4> Out;
  const auto *Class = dyn_cast<CXXRecordDecl>(Pattern->getDeclContext());
  const ClassTemplateDecl *CTD = Class ? Class->getDescribedClassTemplate() : nullptr;
  if (const auto *PS = dyn_cast_or_null<ClassTemplatePartialSpecializationDecl>(Class))
    CTD = PS->getSpecializedTemplate();
  if (!CTD || Pattern->getDescribedFunctionTemplate())
    return Out;
  for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations()) {
    if (!Spec->hasDefinition() || !isTemplateInstantiation(Spec->getTemplateSpecializationKind()))
      continue;
    for (const Decl *Member : Spec->getDefinition()->decls())
      if (const auto *M = dyn_cast<FunctionDecl>(Member))
        if (const FunctionDecl *From = M->getInstantiatedFromMemberFunction();
            From && From->getCanonicalDecl() == Pattern->getCanonicalDecl())
          Out.push_back(M);
  }
  return Out;
}

unsigned countAnyTypeParams(const FunctionTemplateDecl *FTD) {
  unsigned N = 0;
  for (const ParmVarDecl *P : FTD->getTemplatedDecl()->parameters())
    if (acceptsAnyType(classifyParam(P, FTD).Form))
      ++N;
  return N;
}

bool acceptsUnrelatedTypes(const FunctionTemplateDecl *FTD) {
  unsigned Any = 0;
  for (const ParmVarDecl *P : FTD->getTemplatedDecl()->parameters()) {
    ParamForm Form = classifyParam(P, FTD).Form;
    if (Form == ParamForm::OtherDependent)
      return false;
    if (acceptsAnyType(Form))
      ++Any;
  }
  return Any > 0;
}

bool isFreeTemplateForAnyType(const FunctionTemplateDecl *FTD) {
  const DeclContext *DC = FTD->getDeclContext();
  return (isa<NamespaceDecl>(DC) || isa<TranslationUnitDecl>(DC)) &&
         FTD->getTemplatedDecl()->getFriendObjectKind() == Decl::FOK_None &&
         acceptsUnrelatedTypes(FTD);
}

llvm::SmallVector<const CXXRecordDecl *, 2>
concreteClassParams(const FunctionTemplateDecl *FTD) {
  llvm::SmallVector<const CXXRecordDecl *, 2> Out;
  for (const ParmVarDecl *P : FTD->getTemplatedDecl()->parameters()) {
    if (classifyParam(P, FTD).Form != ParamForm::Concrete)
      continue;
    QualType T = P->getType().getNonReferenceType();
    if (const auto *Ptr = T->getAs<PointerType>())
      T = Ptr->getPointeeType();
    if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
      Out.push_back(RD->getCanonicalDecl());
  }
  return Out;
}

const FunctionTemplateDecl *writtenTemplate(const FunctionTemplateDecl *T) {
  while (const FunctionTemplateDecl *From = T->getInstantiatedFromMemberTemplate())
    T = From;
  return T->getCanonicalDecl();
}

const FunctionTemplateDecl *primaryTemplateOf(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  // A member template of a class template specialisation: go back to the
  // template as written in the class template.
  if (const FunctionTemplateDecl *Primary = FD->getPrimaryTemplate())
    return writtenTemplate(Primary);
  if (const FunctionTemplateDecl *Described = FD->getDescribedFunctionTemplate())
    return Described->getCanonicalDecl();
  return nullptr;
}

const FunctionDecl *writtenDecl(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  if (const FunctionTemplateDecl *Primary = primaryTemplateOf(FD))
    return Primary->getTemplatedDecl()->getCanonicalDecl();
  if (const FunctionDecl *From = FD->getInstantiatedFromMemberFunction())
    return writtenDecl(From);
  return FD->getCanonicalDecl();
}

const FunctionDecl *explicitSpecialisation(const Decl *D) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
  return FD && FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization
             ? FD->getCanonicalDecl()
             : nullptr;
}

const CXXRecordDecl *writtenClass(const DeclContext *DC) {
  const auto *RD = dyn_cast_or_null<CXXRecordDecl>(DC);
  if (!RD)
    return nullptr;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    RD = Spec->getSpecializedTemplate()->getTemplatedDecl();
  else if (const CXXRecordDecl *Pattern = RD->getTemplateInstantiationPattern())
    RD = Pattern;
  return RD->getCanonicalDecl();
}

bool isInInstantiation(const Decl *D) {
  while (D && !isa<TranslationUnitDecl>(D)) {
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (isTemplateInstantiation(FD->getTemplateSpecializationKind()))
        return true;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(D))
      if (isTemplateInstantiation(Spec->getSpecializationKind()))
        return true;
    const DeclContext *DC = D->getDeclContext();
    D = DC ? Decl::castFromDeclContext(DC) : nullptr;
  }
  return false;
}

} // namespace dispatch
