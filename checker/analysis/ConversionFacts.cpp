#include "dispatch/ConversionFacts.h"

#include "dispatch/TemplateFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/AST/DeclTemplate.h"

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

static bool isExplicitOrConditional(const FunctionDecl *FD) {
  ExplicitSpecifier ES = ExplicitSpecifier::getFromDecl(const_cast<FunctionDecl *>(FD));
  return ES.isExplicit() || ES.getKind() == ExplicitSpecKind::Unresolved;
}

std::optional<ImplicitConversion> classifyImplicitConversion(const FunctionDecl *FD,
                                                              const Knowledge &K) {
  if (!FD || FD->isImplicit() || FD->isDeleted() || isExplicitOrConditional(FD))
    return std::nullopt;
  const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate();
  ImplicitConversion Out;
  Out.Decl = FD;

  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD)) {
    if (Ctor->isCopyOrMoveConstructor() || Ctor->getNumParams() == 0 ||
        Ctor->getMinRequiredArguments() > 1)
      return std::nullopt;
    const CXXRecordDecl *Class = Ctor->getParent();
    QualType From = Ctor->getParamDecl(0)->getType();
    // Initializer-list constructors exist for `X x = {1, 2, 3}`; making them
    // explicit would break exactly that use.
    if (isClassNamed(From, {"std::initializer_list"}))
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
    Out.From = QualType(Conv->getParent()->getTypeForDecl(), 0);
    Out.To = Conv->getConversionType();
  } else {
    return std::nullopt;
  }

  QualType Other = Out.IsConstructor ? Out.From : Out.To;
  // Templated means "from (or to) any type": a bare template parameter, not
  // a pattern such as `const DenseBase<Derived>&` that only its family fits.
  bool AnyType = false;
  if (FTD && isUnconstrainedTemplate(FTD)) {
    if (Out.IsConstructor)
      AnyType = Out.Greedy || acceptsAnyType(classifyParam(FD->getParamDecl(0), FTD).Form);
    else
      AnyType = Other.getNonReferenceType()->getAs<TemplateTypeParmType>() != nullptr;
  }
  if (AnyType) {
    Out.Breadth = ConversionBreadth::Templated;
    Out.Why = "templated";
  } else if (std::string U = ubiquityOf(Other, K); !U.empty()) {
    Out.Breadth = ConversionBreadth::Ubiquitous;
    Out.Why = U;
  } else {
    Out.Breadth = ConversionBreadth::Ordinary;
  }
  return Out;
}

std::optional<GreedyForm> classifyGreedyConstructor(const CXXConstructorDecl *Ctor) {
  if (!Ctor || Ctor->isDeleted() || Ctor->getNumParams() == 0 ||
      Ctor->getMinRequiredArguments() > 1)
    return std::nullopt;
  const FunctionTemplateDecl *FTD = Ctor->getDescribedFunctionTemplate();
  if (!FTD || !isUnconstrainedTemplate(FTD))
    return std::nullopt;
  ParamShape First = classifyParam(Ctor->getParamDecl(0), FTD);
  // An explicit by-value template is never used for copies nor in
  // copy-initialisation: it widens nothing a caller did not spell out.
  if (First.Form == ParamForm::AnyByValue && !First.IsPack && Ctor->isExplicit())
    return std::nullopt;
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
