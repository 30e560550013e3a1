#include "dispatch/ConversionFacts.h"

#include "dispatch/TemplateFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Type.h"

#include <functional>

using namespace clang;

namespace dispatch {

const char *breadthLabel(ConversionBreadth B) {
  switch (B) {
  case ConversionBreadth::Templated:
    return "templated";
  case ConversionBreadth::Ubiquitous:
    return "ubiquitous";
  case ConversionBreadth::Ordinary:
    return "ordinary";
  case ConversionBreadth::Family:
    return "family";
  }
  return "ordinary";
}

const char *greedyFormLabel(GreedyForm F) {
  switch (F) {
  case GreedyForm::ForwardingRef:
    return "forwarding-reference";
  case GreedyForm::ByValue:
    return "by-value";
  case GreedyForm::LvalueRef:
    return "lvalue-reference";
  case GreedyForm::Variadic:
    return "variadic";
  }
  return "";
}

/// Whether T (sugar, cv and references looked through) is a
/// std::initializer_list. A dependent member typedef of a class template
/// (`typename nested_init<T, 1>::type`, what an alias template such as
/// `nested_init_t<T, 1>` stands for) is followed into the primary template's
/// typedef; partial specialisations are not consulted, which errs towards
/// "initializer list" (not reported).
static bool isInitializerListType(QualType T, int Depth = 0) {
  if (T.isNull() || Depth > 8)
    return false;
  if (isClassNamed(T, {"std::initializer_list"}))
    return true;
  const auto *DNT = bareType(T)->getAs<DependentNameType>();
  if (!DNT || !DNT->getQualifier() || !DNT->getQualifier()->getAsType())
    return false;
  const auto *TST = DNT->getQualifier()->getAsType()->getAs<TemplateSpecializationType>();
  const auto *CTD = TST ? dyn_cast_or_null<ClassTemplateDecl>(
                              TST->getTemplateName().getAsTemplateDecl())
                        : nullptr;
  const CXXRecordDecl *Pattern = CTD ? CTD->getTemplatedDecl()->getDefinition() : nullptr;
  if (!Pattern)
    return false;
  for (const NamedDecl *Member : Pattern->lookup(DNT->getIdentifier()))
    if (const auto *TD = dyn_cast<TypedefNameDecl>(Member))
      return isInitializerListType(TD->getUnderlyingType(), Depth + 1);
  return false;
}

/// An initializer-list constructor ([dcl.init.list]: first parameter
/// `std::initializer_list<E>` or a reference to one, every other one
/// defaulted), however the parameter type is spelled: a typedef, an alias
/// template, a dependent one. When the class template was instantiated, the
/// instantiated constructor's parameter type decides (the compiler is the
/// judge); otherwise the pattern's type, looked through.
static bool isInitializerListConstructor(const CXXConstructorDecl *Ctor) {
  if (Ctor->getNumParams() == 0)
    return false;
  QualType First = Ctor->getParamDecl(0)->getType();
  if (!First->isDependentType())
    return isInitializerListType(First);
  // Instantiations of the constructor's class (a member of a class template).
  if (const ClassTemplateDecl *CTD = Ctor->getParent()->getDescribedClassTemplate())
    for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations())
      for (const CXXConstructorDecl *C : Spec->ctors())
        if (C->getNumParams() > 0 && C->getInstantiatedFromMemberFunction() &&
            C->getInstantiatedFromMemberFunction()->getCanonicalDecl() ==
                Ctor->getCanonicalDecl() &&
            !C->getParamDecl(0)->getType()->isDependentType())
          return isInitializerListType(C->getParamDecl(0)->getType());
  // Specialisations of a constructor template.
  if (const FunctionTemplateDecl *FTD = Ctor->getDescribedFunctionTemplate())
    for (const FunctionDecl *Spec : FTD->specializations())
      if (Spec->getNumParams() > 0 && !Spec->getParamDecl(0)->getType()->isDependentType())
        return isInitializerListType(Spec->getParamDecl(0)->getType());
  return isInitializerListType(First);
}

/// Whether RD derives, directly or not, from a specialisation of Base.
static bool derivesFromSpecializationOf(const CXXRecordDecl *RD, const ClassTemplateDecl *Base) {
  if (!RD || !RD->hasDefinition())
    return false;
  RD = RD->getDefinition();
  if (RD->isDependentContext())
    return false; // bases of a pattern may name aliases only instantiation resolves
  return !RD->forallBases([&](const CXXRecordDecl *B) {
    const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(B);
    return !Spec || Spec->getSpecializedTemplate()->getCanonicalDecl() != Base->getCanonicalDecl();
  });
}

/// `X(const Base<E>&)` where X (or, for a class template, an instantiation
/// of it in this TU) derives from a specialisation of Base.
static bool convertsFromOwnFamily(const CXXRecordDecl *Class, QualType From) {
  const auto *TST = From.getNonReferenceType()->getAs<TemplateSpecializationType>();
  const auto *Base = TST ? dyn_cast_or_null<ClassTemplateDecl>(
                               TST->getTemplateName().getAsTemplateDecl())
                         : nullptr;
  if (!Base || !From->isDependentType())
    return false;
  if (const ClassTemplateDecl *CTD = Class->getDescribedClassTemplate())
    return llvm::any_of(CTD->specializations(), [&](const ClassTemplateSpecializationDecl *S) {
      return derivesFromSpecializationOf(S, Base);
    });
  return derivesFromSpecializationOf(Class, Base);
}

static bool isExplicitOrConditional(const FunctionDecl *FD) {
  ExplicitSpecifier ES = ExplicitSpecifier::getFromDecl(const_cast<FunctionDecl *>(FD));
  return ES.isExplicit() || ES.getKind() == ExplicitSpecKind::Unresolved;
}

/// A private member template declared and never defined: the pre-C++11
/// `= delete` (dlib's `template <class T1> X(T1);` catchers), which nothing
/// can use. (A template must be defined where it is used; a private
/// non-template may be defined in another translation unit.)
static bool isPoisoned(const FunctionDecl *FD) {
  return FD->getDescribedFunctionTemplate() && FD->getAccess() == AS_private && !FD->isDefined();
}

/// For `T *` or `const T *` with T a template type parameter: T, and Said
/// set to how such a pointer is told ("any pointer type", "any pointer to
/// const"); else null, Said untouched.
static const TemplateTypeParmType *pointeeParameter(QualType T, llvm::StringRef &Said) {
  const auto *P = T.getNonReferenceType()->getAs<PointerType>();
  const auto *Parm = P ? P->getPointeeType()->getAs<TemplateTypeParmType>() : nullptr;
  if (Parm)
    Said = P->getPointeeType().isConstQualified() ? "any pointer to const" : "any pointer type";
  return Parm;
}

/// The type a conversion converts from (a constructor) or to.
static QualType otherSide(const FunctionDecl *FD) {
  if (const auto *Conv = dyn_cast<CXXConversionDecl>(FD))
    return Conv->getConversionType();
  return FD->getNumParams() ? FD->getParamDecl(0)->getType() : QualType();
}

/// A member of a class template's pattern converting from or to the class's
/// own parameter (DGL's `BlockPrefixCallbackOp(const IdType)`): the pattern's
/// type says nothing, the specialisations this TU has do. Ubiquitous when
/// every one of them is, for the same reason ("an arithmetic type" for
/// `int32_t` and `int64_t` alike).
static std::string ubiquityInSpecializations(llvm::ArrayRef<const FunctionDecl *> Instances,
                                             const Knowledge &K) {
  std::string Common;
  for (const FunctionDecl *M : Instances) {
    std::string Why = ubiquityOf(otherSide(M), K);
    if (Why.empty() || (!Common.empty() && Why != Common))
      return {};
    Common = Why;
  }
  return Common;
}

/// A class whose whole value is 16 bits or fewer of integers (a software
/// `half`, `bfloat16`, an 8-bit float: `uint16_t bits;`), converting to a
/// standard floating-point type: every such value is exactly a `float`, as
/// the language's own `std::float16_t` and `std::bfloat16_t` widen
/// implicitly (and CUDA's `__half`, which dispatch-implicit-device-transfer
/// leaves alone). The narrowing way back, from `float`, is no such thing.
static bool isExactFloatWidening(const CXXConversionDecl *Conv) {
  const CXXRecordDecl *Class = Conv->getParent()->getDefinition();
  QualType To = Conv->getConversionType().getNonReferenceType().getUnqualifiedType();
  if (!Class || Class->isDependentContext() || Class->isInvalidDecl() ||
      !To->isRealFloatingType() || To->isDependentType())
    return false;
  const ASTContext &Ctx = Class->getASTContext();
  std::function<bool(const CXXRecordDecl *)> IntegersOnly = [&](const CXXRecordDecl *RD) {
    if (RD->isPolymorphic())
      return false;
    for (const CXXBaseSpecifier &B : RD->bases())
      if (const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
          !Base || !Base->hasDefinition() || !IntegersOnly(Base->getDefinition()))
        return false;
    for (const FieldDecl *F : RD->fields()) {
      QualType T = Ctx.getBaseElementType(F->getType());
      if (const CXXRecordDecl *Inner = T->getAsCXXRecordDecl()) {
        if (!Inner->hasDefinition() || !IntegersOnly(Inner->getDefinition()))
          return false;
      } else if (const auto *BT = T->getAs<BuiltinType>();
                 !BT || !BT->isInteger() || BT->getKind() == BuiltinType::Bool) {
        return false;
      }
    }
    return true;
  };
  return !Class->isEmpty() && IntegersOnly(Class) && Ctx.getTypeSize(Ctx.getRecordType(Class)) <= 16 &&
         Ctx.getTypeSize(To) >= 32;
}

std::optional<ImplicitConversion> classifyImplicitConversion(const FunctionDecl *FD,
                                                              const Knowledge &K) {
  if (!FD || FD->isImplicit() || FD->isDeleted() || isPoisoned(FD) || isExplicitOrConditional(FD))
    return std::nullopt;
  const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate();
  ImplicitConversion Out;
  Out.Decl = FD;
  // A class template member's instantiations, asked for at most once.
  std::optional<llvm::SmallVector<const FunctionDecl *, 4>> Instances;
  auto instances = [&]() -> llvm::ArrayRef<const FunctionDecl *> {
    if (!Instances)
      Instances = instantiatedMembers(FD);
    return *Instances;
  };

  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD)) {
    if (Ctor->isCopyOrMoveConstructor() || Ctor->getNumParams() == 0 ||
        Ctor->getMinRequiredArguments() > 1)
      return std::nullopt;
    const CXXRecordDecl *Class = Ctor->getParent();
    QualType From = Ctor->getParamDecl(0)->getType();
    // A class template's constructor from a dependent specialisation of
    // itself (tiny-cuda-nn's `GPUMatrix(GPUMatrix<T, static_layout> &&)`,
    // `MatrixView(const MatrixView<std::remove_const_t<T>> &)`) is a copy or
    // move constructor in the specialisations where the types meet: in all
    // of them, no conversion; in some, `explicit` would forbid their copies.
    if (From->isDependentType()) {
      llvm::ArrayRef<const FunctionDecl *> Members = instances();
      auto IsCopy = [](const FunctionDecl *M) {
        return cast<CXXConstructorDecl>(M)->isCopyOrMoveConstructor();
      };
      if (!Members.empty() && llvm::all_of(Members, IsCopy))
        return std::nullopt;
      if (auto It = llvm::find_if(Members, IsCopy); It != Members.end())
        Out.CopyConstructorOf = cast<CXXRecordDecl>((*It)->getDeclContext());
    }
    // `template <class T> Tensor(Shape, T init = T())`: no one-argument
    // call deduces T, so nothing converts through it (CTranslate2).
    if (FTD && !callableWithOneArgument(FTD))
      return std::nullopt;
    // Initializer-list constructors exist for `X x = {1, 2, 3}`; making them
    // explicit would break exactly that use.
    if (isInitializerListConstructor(Ctor))
      return std::nullopt;
    // No temporary of an abstract class can be created, so nothing converts
    // to it implicitly (`use(true)` for `use(const Scanner&)` is an error);
    // its constructors only initialise base subobjects, which is explicit.
    if (Class->hasDefinition() && Class->getDefinition()->isAbstract())
      return std::nullopt;
    if (From->isDependentType() && FTD) {
      // Greedy forms (U&&, U, U&, packs) are dispatch-greedy-constructor's
      // when it runs; they are implicit conversions all the same.
      ParamShape Shape = classifyParam(Ctor->getParamDecl(0), FTD);
      Out.Greedy = (Shape.IsPack || Shape.Form != ParamForm::AnyConstRef) &&
                   acceptsAnyType(Shape.Form) && isUnconstrainedTemplate(FTD);
    }
    // A constructor from the class itself (`X(const X&, int = 0)`) is a copy.
    if (const CXXRecordDecl *FromClass = bareType(From)->getAsCXXRecordDecl())
      if (FromClass->getCanonicalDecl() == Class->getCanonicalDecl())
        return std::nullopt;
    Out.IsConstructor = true;
    Out.From = From;
    Out.To = QualType(Class->getTypeForDecl(), 0);
  } else if (const auto *Conv = dyn_cast<CXXConversionDecl>(FD)) {
    if (isExactFloatWidening(Conv))
      return std::nullopt;
    Out.From = QualType(Conv->getParent()->getTypeForDecl(), 0);
    Out.To = Conv->getConversionType();
  } else {
    return std::nullopt;
  }

  QualType Other = Out.IsConstructor ? Out.From : Out.To;
  // Templated means "from (or to) any type": a bare template parameter, not
  // a pattern such as `const DenseBase<Derived>&` that only its family fits.
  // A constrained one is Templated only when its constraints admit everyday
  // types, which Sema decides (the checks ask isBroadlyUnconstrained).
  // A conversion to `T *` (ncnn's `Mat::operator T*()`) reaches a pointer to
  // any type: as broad, said as "any pointer type" ("any pointer to const").
  bool AnyType = false;
  llvm::StringRef Any = "any type";
  if (FTD) {
    if (Out.IsConstructor) {
      AnyType = Out.Greedy || acceptsAnyType(classifyParam(FD->getParamDecl(0), FTD).Form);
      // `template <class T> C(T *)` takes a pointer to any type, as a
      // conversion to `T *` gives one (xgboost's repro: it was "'T *' (a raw
      // pointer)"); a pointer to the class's own parameter is no such thing.
      if (const TemplateTypeParmType *Parm = pointeeParameter(Other, Any);
          !AnyType && Parm && Parm->getDepth() == FTD->getTemplateParameters()->getDepth())
        AnyType = true;
    } else {
      AnyType = pointeeParameter(Other, Any) ||
                Other.getNonReferenceType()->getAs<TemplateTypeParmType>();
    }
  }
  if (AnyType && !isUnconstrainedTemplate(FTD)) {
    Out.Constrained = true;
    Out.OtherDescription = (Any + " its constraint admits").str();
    Out.Broadly = Any.str();
    AnyType = false;
  } else if (AnyType) {
    Out.OtherDescription = Any.str();
  }
  if (AnyType) {
    Out.Breadth = ConversionBreadth::Templated;
    Out.Why = "templated";
  } else if (std::string U = ubiquityOf(Other, K); !U.empty()) {
    Out.Breadth = ConversionBreadth::Ubiquitous;
    Out.Why = U;
  } else if (std::string U = !FTD && Other->isDependentType()
                                 ? ubiquityInSpecializations(instances(), K)
                                 : std::string();
             !U.empty()) {
    Out.Breadth = ConversionBreadth::Ubiquitous;
    Out.Why = U + " in each specialisation here";
  } else if (Out.IsConstructor && FTD &&
             convertsFromOwnFamily(cast<CXXConstructorDecl>(FD)->getParent(), Out.From)) {
    Out.Breadth = ConversionBreadth::Family;
    Out.Why = "from its own expression family";
  } else {
    Out.Breadth = ConversionBreadth::Ordinary;
  }
  return Out;
}

std::optional<GreedyForm> classifyGreedyConstructor(const CXXConstructorDecl *Ctor) {
  if (!Ctor || Ctor->isDeleted() || isPoisoned(Ctor) || Ctor->getNumParams() == 0 ||
      Ctor->getMinRequiredArguments() > 1)
    return std::nullopt;
  const FunctionTemplateDecl *FTD = Ctor->getDescribedFunctionTemplate();
  if (!FTD || !isUnconstrainedTemplate(FTD))
    return std::nullopt;
  ParamShape First = classifyParam(Ctor->getParamDecl(0), FTD);
  if (First.IsPack && acceptsAnyType(First.Form))
    return GreedyForm::Variadic;
  switch (First.Form) {
  case ParamForm::AnyForwarding:
    return GreedyForm::ForwardingRef;
  case ParamForm::AnyByValue:
    return GreedyForm::ByValue;
  case ParamForm::AnyLvalueRef:
    return GreedyForm::LvalueRef;
  default:
    return std::nullopt;
  }
}

} // namespace dispatch
