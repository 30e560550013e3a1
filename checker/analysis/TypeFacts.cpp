#include "dispatch/TypeFacts.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/QualTypeNames.h"

#include <algorithm>

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

bool isSubstitutedTemplateParameter(QualType T) {
  if (T.isNull())
    return false;
  const Type *Ty = T.getNonReferenceType().getTypePtr();
  for (;;) {
    if (isa<SubstTemplateTypeParmType>(Ty))
      return true;
    const Type *Next = Ty->getLocallyUnqualifiedSingleStepDesugaredType().getTypePtr();
    if (Next == Ty)
      return false;
    Ty = Next;
  }
}

QualType writtenArgumentOfResult(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  const Expr *Object = Call ? Call->getImplicitObjectArgument() : nullptr;
  const CXXMethodDecl *M = Call ? Call->getMethodDecl() : nullptr;
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(E ? E->IgnoreParenImpCasts() : nullptr)) {
    M = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
    Object = M && Op->getNumArgs() > 0 ? Op->getArg(0) : nullptr;
  }
  if (!M || !Object)
    return {};
  const auto *Param =
      M->getReturnType().getNonReferenceType()->getAs<SubstTemplateTypeParmType>();
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(M->getParent());
  if (!Param || !Spec || Param->getAssociatedDecl() != Spec)
    return {};
  // The object's type as written, typedefs and all, down to the template-id.
  QualType T = Object->IgnoreParenImpCasts()->getType();
  for (unsigned Steps = 0; Steps < 16 && !T.isNull(); ++Steps) {
    if (const auto *TST = dyn_cast<TemplateSpecializationType>(T.getTypePtr())) {
      auto Args = TST->template_arguments();
      unsigned I = Param->getIndex();
      if (I < Args.size() && Args[I].getKind() == TemplateArgument::Type &&
          !TST->isTypeAlias())
        return Args[I].getAsType();
      return {};
    }
    QualType Next = T->getLocallyUnqualifiedSingleStepDesugaredType();
    if (Next == T)
      return {};
    T = Next;
  }
  return {};
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
  if (T.isNull())
    return {};
  // `T*` is a pointer whatever T is; `Span(T (&)[N])` takes an array
  // reference, not a pointer.
  if (T->isPointerType())
    return "a raw pointer";
  if (T->isArrayType())
    return "a built-in array";
  // `std::vector<T>` in a template is a standard container whatever T is;
  // other dependent types (`value_type`) are told only by their
  // instantiations.
  if (T->isDependentType()) {
    for (const auto &[Why, Names] : K.Ubiquitous)
      if (T->getAs<TemplateSpecializationType>() && isClassNamed(T, Names))
        return Why;
    return {};
  }
  if (T->isBooleanType())
    return "bool";
  if (T->isArithmeticType() && !T->isEnumeralType())
    return "an arithmetic type";
  if (T->isNullPtrType())
    return "std::nullptr_t";
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
    // stands for (`const S *`) — unless that is only another class's member
    // (`typename base_type::value_type`), which says less than `value_type`.
    while (isa<TypedefType, ElaboratedType>(T.getTypePtr())) {
      QualType Next;
      if (const auto *E = dyn_cast<ElaboratedType>(T.getTypePtr()))
        Next = E->getNamedType();
      else
        Next = cast<TypedefType>(T.getTypePtr())->desugar();
      Next = Next.getNonReferenceType().getUnqualifiedType();
      if (isa<TypedefType>(T.getTypePtr()) &&
          isa<DependentNameType, DependentTemplateSpecializationType>(Next.getTypePtr()))
        break;
      T = Next;
    }
    Policy.PrintCanonicalTypes = false;
    T.print(OS, Policy);
    return OS.str();
  }
  // getFullyQualifiedName looks for a using-declaration's type through all
  // sugar (`getAs<UsingType>`), so an alias of `std::uint64_t` would print as
  // `uint64_t`: name the alias itself.
  const Type *Named = T.getTypePtr();
  if (const auto *E = dyn_cast<ElaboratedType>(Named))
    Named = E->getNamedType().getTypePtr();
  if (const auto *TT = dyn_cast<TypedefType>(Named); TT && T->getAs<UsingType>()) {
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    TT->getDecl()->printQualifiedName(OS, Policy);
    return OS.str();
  }
  return TypeName::getFullyQualifiedName(T, Ctx, Policy,
                                         /*WithGlobalNsPrefix=*/false);
}

/// The declaration a type's name starts with: the typedef, the class or the
/// class template (`std::vector` of `std::vector<int>`).
static const NamedDecl *namedHead(QualType T) {
  const Type *Ty = T.getTypePtr();
  if (const auto *E = dyn_cast<ElaboratedType>(Ty))
    Ty = E->getNamedType().getTypePtr();
  if (const auto *TT = dyn_cast<TypedefType>(Ty))
    return TT->getDecl();
  if (const auto *TST = dyn_cast<TemplateSpecializationType>(Ty))
    return TST->getTemplateName().getAsTemplateDecl();
  if (const auto *Tag = dyn_cast<TagType>(Ty)) {
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Tag->getDecl()))
      return Spec->getSpecializedTemplate();
    return Tag->getDecl();
  }
  return nullptr;
}

/// The written namespaces enclosing DC (inline and anonymous ones are not
/// spelled), outermost first.
static llvm::SmallVector<const NamespaceDecl *, 4> writtenNamespaces(const DeclContext *DC) {
  llvm::SmallVector<const NamespaceDecl *, 4> Out;
  for (; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC); NS && !NS->isInline() && !NS->isAnonymousNamespace())
      Out.push_back(NS->getCanonicalDecl());
  std::reverse(Out.begin(), Out.end());
  return Out;
}

/// Whether unqualified lookup of D's name from UseContext finds D first
/// (scopes outwards, as written; using-directives are not followed, which
/// only ever keeps a qualifier that was not needed).
static bool unqualifiedLookupFinds(const DeclContext *UseContext, const NamedDecl *D) {
  for (const DeclContext *C = UseContext; C; C = C->getParent()) {
    if (!C->isLookupContext())
      continue;
    DeclContext::lookup_result R = C->lookup(D->getDeclName());
    if (R.empty())
      continue;
    return llvm::any_of(R, [&](const NamedDecl *Found) {
      // Inside a class, its own name is the injected-class-name.
      if (const auto *RD = dyn_cast<CXXRecordDecl>(Found); RD && RD->isInjectedClassName())
        Found = cast<NamedDecl>(RD->getParent());
      return Found->getCanonicalDecl() == D->getCanonicalDecl();
    });
  }
  return false;
}

std::string spellTypeAt(QualType T, const DeclContext *UseContext, const ASTContext &Ctx) {
  std::string Full = spellType(T, Ctx);
  T = T.getNonReferenceType().getUnqualifiedType();
  const NamedDecl *Head = namedHead(T);
  if (!UseContext || !Head || !Head->getDeclContext()->isFileContext() || T->isDependentType())
    return Full;
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressUnwrittenScope = true;
  std::string Qualified;
  llvm::raw_string_ostream OS(Qualified);
  Head->printQualifiedName(OS, Policy);
  OS.flush();
  if (!llvm::StringRef(Full).starts_with(Qualified))
    return Full;
  // Drop the namespaces the use is inside of too (`gnn::cuda::Scale` inside
  // `gnn::cuda` is `Scale`), as long as lookup from the use still finds the
  // same entity first: a nearer declaration of that name keeps a qualifier,
  // and one of the outermost name makes the spelling start at `::`.
  llvm::SmallVector<const NamespaceDecl *, 4> HeadNS = writtenNamespaces(Head->getDeclContext());
  llvm::SmallVector<const NamespaceDecl *, 4> UseNS = writtenNamespaces(UseContext);
  size_t Common = 0;
  while (Common < HeadNS.size() && Common < UseNS.size() && HeadNS[Common] == UseNS[Common])
    ++Common;
  for (size_t Keep = Common + 1; Keep-- > 0;) {
    const NamedDecl *First = Keep < HeadNS.size() ? static_cast<const NamedDecl *>(HeadNS[Keep]) : Head;
    if (!unqualifiedLookupFinds(UseContext, First))
      continue;
    std::string Short;
    for (size_t I = Keep; I < HeadNS.size(); ++I)
      Short += HeadNS[I]->getName().str() + "::";
    Short += Head->getName().str();
    return Short + Full.substr(Qualified.size());
  }
  return "::" + Full;
}

} // namespace dispatch
