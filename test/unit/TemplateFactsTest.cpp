#include "TestAST.h"

#include "dispatch/TemplateFacts.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace dispatch;
using namespace dispatch::test;

namespace {

const char *Code = R"cpp(
namespace std {
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { using type = T; };
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
}
template <class T> concept Small = sizeof(T) < 8;
template <class T> void any(const T &);
template <class T> void fwd(T &&);
template <class T> void lref(T &);
template <class T> void val(T);
template <class... T> void pack(T &&...);
template <Small T> void concept_param(T);
template <class T> requires Small<T> void requires_clause(T);
template <class T> void trailing(T) requires Small<T>;
template <class T, class = std::enable_if_t<Small<T>>> void default_sfinae(T);
template <class T, std::enable_if_t<Small<T>, int> = 0> void nttp_sfinae(T);
template <class T> auto decltype_sfinae(T t) -> decltype(t.size());
template <class T> void member_type(T, typename T::tag * = nullptr);
template <class T> void vec(const T *const *);
template <class T> struct Box {};
template <class T> void pattern(Box<T>);
// A default argument is not in the immediate context of deduction: no SFINAE.
template <class T> void defaulted(T, const Box<T> & = Box<T>());
template <class T> void ptr_sfinae(T, std::enable_if_t<Small<T>> * = nullptr);
struct S { template <class U> void m(U &&); };
)cpp";

const FunctionTemplateDecl *tmpl(Parsed &P, const char *Name) {
  const auto *FTD = P.find<FunctionTemplateDecl>(Name);
  EXPECT_NE(FTD, nullptr) << Name;
  return FTD;
}

TEST(TemplateFacts, UnconstrainedTemplates) {
  Parsed P = parse(Code);
  for (const char *Name : {"any", "fwd", "lref", "val", "pack", "vec", "pattern", "S::m", "defaulted"})
    EXPECT_TRUE(isUnconstrainedTemplate(tmpl(P, Name))) << Name;
}

TEST(TemplateFacts, EveryFormOfConstraintIsRecognised) {
  Parsed P = parse(Code);
  for (const char *Name : {"concept_param", "requires_clause", "trailing", "default_sfinae",
                           "nttp_sfinae", "decltype_sfinae", "member_type", "ptr_sfinae"})
    EXPECT_FALSE(isUnconstrainedTemplate(tmpl(P, Name))) << Name;
}

TEST(TemplateFacts, ParameterForms) {
  Parsed P = parse(Code);
  auto form = [&](const char *Name) {
    const FunctionTemplateDecl *FTD = tmpl(P, Name);
    return classifyParam(FTD->getTemplatedDecl()->getParamDecl(0), FTD);
  };
  EXPECT_EQ(form("any").Form, ParamForm::AnyConstRef);
  EXPECT_EQ(form("fwd").Form, ParamForm::AnyForwarding);
  EXPECT_EQ(form("lref").Form, ParamForm::AnyLvalueRef);
  EXPECT_EQ(form("val").Form, ParamForm::AnyByValue);
  EXPECT_EQ(form("pack").Form, ParamForm::AnyForwarding);
  EXPECT_TRUE(form("pack").IsPack);
  EXPECT_EQ(form("pattern").Form, ParamForm::OtherDependent);
  EXPECT_EQ(form("vec").Form, ParamForm::OtherDependent);
  // A member template of a class: depth 0 too, still a forwarding reference.
  EXPECT_EQ(form("S::m").Form, ParamForm::AnyForwarding);
  EXPECT_EQ(countAnyTypeParams(tmpl(P, "pattern")), 0u);
  EXPECT_EQ(countAnyTypeParams(tmpl(P, "fwd")), 1u);
  EXPECT_TRUE(acceptsUnrelatedTypes(tmpl(P, "fwd")));
  EXPECT_FALSE(acceptsUnrelatedTypes(tmpl(P, "vec"))); // pattern `const T* const*`
  EXPECT_FALSE(acceptsUnrelatedTypes(tmpl(P, "pattern")));
  EXPECT_TRUE(acceptsUnrelatedTypes(tmpl(P, "pack")));
}

TEST(TemplateFacts, WrittenDeclOfAnInstantiationIsThePattern) {
  Parsed P = parse(R"cpp(
    template <class T> T twice(T x) { return x + x; }
    template <class T> struct W { template <class U> void f(U) {} };
    int use() { W<int>{}.f(1.0); return twice(2); }
  )cpp");
  const CallExpr *Call = P.call("twice");
  ASSERT_NE(Call, nullptr);
  const FunctionDecl *Spec = Call->getDirectCallee();
  EXPECT_TRUE(Spec->isTemplateInstantiation());
  EXPECT_EQ(writtenDecl(Spec), P.find<FunctionTemplateDecl>("twice")->getTemplatedDecl());
  EXPECT_EQ(primaryTemplateOf(Spec), P.find<FunctionTemplateDecl>("twice"));
  // Member template of a class template specialisation: back to W<T>::f.
  const CallExpr *F = P.call("f");
  ASSERT_NE(F, nullptr);
  const FunctionTemplateDecl *Primary = primaryTemplateOf(F->getDirectCallee());
  ASSERT_NE(Primary, nullptr);
  EXPECT_FALSE(isInInstantiation(Primary->getTemplatedDecl()));
  EXPECT_TRUE(isInInstantiation(F->getDirectCallee()));
}

} // namespace
