// How a declaration is named in reports: the Name and qualified-name columns
// of dispatch-scan, built by nameOf and qualifiedNameOf.
#include "TestAST.h"

#include "dispatch/DiagnosticText.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace dispatch;
using namespace dispatch::test;

namespace {

const char *Code = R"cpp(
namespace tcnn {
template <class T, unsigned N, unsigned A> struct tvec { tvec(T *p) {} };
template <class T, unsigned A> struct tvec<T, 2, A> { tvec(T x) {} };
template <class F> struct Functor { Functor(F f) {} };
struct Half { operator float() const { return 0; } };
}
)cpp";

const CXXConstructorDecl *onlyConstructor(const CXXRecordDecl *RD) {
  for (const CXXConstructorDecl *C : RD->ctors())
    if (!C->isImplicit())
      return C;
  return nullptr;
}

TEST(DiagnosticText, ConstructorsAreNamedByTheirClassAsWritten) {
  Parsed P = parse(Code);
  const auto *Vec = P.find<ClassTemplateDecl>("tcnn::tvec");
  llvm::SmallVector<ClassTemplatePartialSpecializationDecl *, 1> Partials;
  const_cast<ClassTemplateDecl *>(Vec)->getPartialSpecializations(Partials);
  ASSERT_EQ(Partials.size(), 1u);
  // A partial specialisation's constructor: its arguments as written, never
  // the canonical `tvec<type-parameter-0-0, 2, A>` (tiny-cuda-nn's rows).
  const CXXConstructorDecl *Two = onlyConstructor(Partials[0]);
  EXPECT_EQ(nameOf(Two), "tvec<T, 2, A>");
  EXPECT_EQ(qualifiedNameOf(Two), "tcnn::tvec::tvec");
  const CXXConstructorDecl *Primary = onlyConstructor(Vec->getTemplatedDecl());
  EXPECT_EQ(nameOf(Primary), "tvec<T, N, A>");
  EXPECT_EQ(qualifiedNameOf(Primary), "tcnn::tvec::tvec");
  const auto *Fn = P.find<ClassTemplateDecl>("tcnn::Functor");
  EXPECT_EQ(nameOf(onlyConstructor(Fn->getTemplatedDecl())), "Functor<F>");
  const auto *Half = P.find<CXXRecordDecl>("tcnn::Half");
  const CXXConversionDecl *Conv = nullptr;
  for (const Decl *D : Half->decls())
    if (const auto *C = dyn_cast<CXXConversionDecl>(D))
      Conv = C;
  ASSERT_NE(Conv, nullptr);
  EXPECT_EQ(nameOf(Conv), "operator float");
  EXPECT_EQ(qualifiedNameOf(Conv), "tcnn::Half::operator float");
}

} // namespace
