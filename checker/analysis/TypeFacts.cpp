#include "dispatch/TypeFacts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/QualTypeNames.h"

using namespace clang;

namespace dispatch {

bool isImplicitlyConstructibleFromOtherTypes(const CXXRecordDecl *RD) {
  if (!RD)
    return false;
  const CXXRecordDecl *Def = RD->getDefinition();
  // A specialisation not yet instantiated: its template's members.
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD); !Def && Spec)
    Def = Spec->getSpecializedTemplate()->getTemplatedDecl()->getDefinition();
  if (!Def)
    return false;
  for (const Decl *D : Def->decls()) {
    const auto *Ctor = dyn_cast<CXXConstructorDecl>(D);
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      Ctor = dyn_cast<CXXConstructorDecl>(FTD->getTemplatedDecl());
    if (Ctor && !Ctor->isCopyOrMoveConstructor() && !Ctor->isDeleted() &&
        Ctor->isConvertingConstructor(/*AllowExplicit=*/false) &&
        Ctor->getMinRequiredArguments() <= 1 &&
        (Ctor->getNumParams() >= 1 || Ctor->isVariadic()))
      return true;
  }
  return false;
}

QualType bareType(QualType T) {
  if (T.isNull())
    return T;
  return T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
}

std::string qualifiedClassName(QualType T) {
  T = bareType(T);
  if (T.isNull())
    return {};
  // `std::initializer_list<value_type>` inside a template: no record yet,
  // but the template is known.
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    if (const TemplateDecl *TD = TST->getTemplateName().getAsTemplateDecl())
      return TD->getQualifiedNameAsString();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return {};
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    return Spec->getSpecializedTemplate()->getQualifiedNameAsString();
  return RD->getQualifiedNameAsString();
}

bool isClassNamed(QualType T, const std::vector<std::string> &Names) {
  // Qualified names leave out inline namespaces (std::__cxx11, std::__1).
  std::string Name = qualifiedClassName(T);
  if (Name.empty())
    return false;
  for (const std::string &N : Names)
    if (Name == N)
      return true;
  return false;
}

std::string ubiquityOf(QualType T, const Knowledge &K) {
  T = bareType(T);
  if (T.isNull() || T->isDependentType())
    return {};
  if (T->isBooleanType())
    return "bool";
  if (T->isArithmeticType() && !T->isEnumeralType())
    return "an arithmetic type";
  if (T->isNullPtrType())
    return "std::nullptr_t";
  if (T->isPointerType() || T->isArrayType())
    return "a raw pointer";
  for (const auto &[Why, Names] : K.Ubiquitous)
    if (isClassNamed(T, Names))
      return Why;
  return {};
}

const DeclContext *enclosingNamespace(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  while (DC && !DC->isFileContext())
    DC = DC->getParent();
  return DC;
}

static void addNamespaceOf(const Decl *D,
                           llvm::SmallPtrSetImpl<const DeclContext *> &Out) {
  for (const DeclContext *NS = enclosingNamespace(D); NS; NS = NS->getParent()) {
    Out.insert(NS->getPrimaryContext());
    const auto *N = dyn_cast<NamespaceDecl>(NS);
    if (!N || !N->isInline())
      break; // An inline namespace also associates its parent.
  }
}

std::optional<bool> anyComponentType(const Type *Ty, llvm::function_ref<bool(QualType)> Visit) {
  if (const auto *R = dyn_cast<ReferenceType>(Ty))
    return Visit(R->getPointeeType());
  if (const auto *P = dyn_cast<PointerType>(Ty))
    return Visit(P->getPointeeType());
  if (const auto *MP = dyn_cast<MemberPointerType>(Ty))
    return Visit(MP->getPointeeType()) || Visit(QualType(MP->getClass(), 0));
  if (const auto *A = dyn_cast<ArrayType>(Ty))
    return Visit(A->getElementType());
  if (const auto *C = dyn_cast<ComplexType>(Ty))
    return Visit(C->getElementType());
  if (const auto *V = dyn_cast<VectorType>(Ty))
    return Visit(V->getElementType());
  if (const auto *At = dyn_cast<AtomicType>(Ty))
    return Visit(At->getValueType());
  if (const auto *F = dyn_cast<FunctionType>(Ty)) {
    if (Visit(F->getReturnType()))
      return true;
    if (const auto *FP = dyn_cast<FunctionProtoType>(F))
      for (QualType P : FP->param_types())
        if (Visit(P))
          return true;
    return false;
  }
  return std::nullopt;
}

namespace {
class AssociatedNamespaces {
public:
  explicit AssociatedNamespaces(llvm::SmallPtrSetImpl<const DeclContext *> &Out)
      : Out(Out) {}

  void visit(QualType T) {
    if (T.isNull())
      return;
    const Type *Ty = T.getCanonicalType().getTypePtr();
    if (!Seen.insert(Ty).second)
      return;
    if (anyComponentType(Ty, [&](QualType C) { return visit(C), false; }))
      return;
    if (const auto *ET = dyn_cast<EnumType>(Ty))
      return addNamespaceOf(ET->getDecl(), Out);
    if (const auto *RT = dyn_cast<RecordType>(Ty)) {
      const auto *RD = dyn_cast<CXXRecordDecl>(RT->getDecl());
      if (!RD)
        return addNamespaceOf(RT->getDecl(), Out);
      addNamespaceOf(RD, Out);
      if (RD->hasDefinition())
        for (const CXXBaseSpecifier &Base : RD->bases())
          visit(Base.getType());
      if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
        for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
          visitArg(A);
    }
  }

private:
  void visitArg(const TemplateArgument &A) {
    switch (A.getKind()) {
    case TemplateArgument::Type:
      visit(A.getAsType());
      break;
    case TemplateArgument::Template:
      if (const TemplateDecl *TD = A.getAsTemplate().getAsTemplateDecl())
        addNamespaceOf(TD, Out);
      break;
    case TemplateArgument::Pack:
      for (const TemplateArgument &P : A.pack_elements())
        visitArg(P);
      break;
    default:
      break;
    }
  }

  llvm::SmallPtrSetImpl<const DeclContext *> &Out;
  llvm::SmallPtrSet<const Type *, 16> Seen;
};
} // namespace

void collectAssociatedNamespaces(QualType T,
                                 llvm::SmallPtrSetImpl<const DeclContext *> &Out) {
  AssociatedNamespaces(Out).visit(T);
}

bool isDerivedFrom(QualType Derived, QualType Base) {
  const CXXRecordDecl *D = bareType(Derived)->getAsCXXRecordDecl();
  const CXXRecordDecl *B = bareType(Base)->getAsCXXRecordDecl();
  if (!D || !B || !D->hasDefinition())
    return false;
  return D->isDerivedFrom(B);
}

std::string spellType(QualType T, const ASTContext &Ctx) {
  T = T.getNonReferenceType().getUnqualifiedType();
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  Policy.SuppressUnwrittenScope = true;
  Policy.FullyQualifiedName = true;
  // A type of a template's pattern (a partial specialisation's own class,
  // its member typedefs) has no fully qualified form without canonical
  // `type-parameter-0-0` names: print it as written.
  if (T->isDependentType()) {
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    if (const auto *PS =
            dyn_cast_or_null<ClassTemplatePartialSpecializationDecl>(T->getAsCXXRecordDecl())) {
      PS->getSpecializedTemplate()->printQualifiedName(OS, Policy);
      printTemplateArgumentList(OS, PS->getTemplateArgsAsWritten()->arguments(), Policy);
      return OS.str();
    }
    // A member typedef of the pattern (`param_type`) says less than what it
    // stands for (`const S *`).
    while (isa<TypedefType, ElaboratedType>(T.getTypePtr())) {
      if (const auto *E = dyn_cast<ElaboratedType>(T.getTypePtr()))
        T = E->getNamedType();
      else
        T = cast<TypedefType>(T.getTypePtr())->desugar();
      T = T.getNonReferenceType().getUnqualifiedType();
    }
    Policy.PrintCanonicalTypes = false;
    T.print(OS, Policy);
    return OS.str();
  }
  return TypeName::getFullyQualifiedName(T, Ctx, Policy,
                                         /*WithGlobalNsPrefix=*/false);
}

} // namespace dispatch
