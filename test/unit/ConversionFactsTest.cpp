#include "TestAST.h"

#include "dispatch/ConversionFacts.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace dispatch;
using namespace dispatch::test;

namespace {

const char *Code = R"cpp(
namespace std { template <class T> struct vector {}; template <class T> struct initializer_list {}; }
struct Other {};
struct T {
  T(int);                            // ubiquitous: arithmetic
  T(const char *);                   // ubiquitous: raw pointer
  T(const std::vector<float> &);     // ubiquitous: standard container
  T(const Other &);                  // ordinary
  template <class U> T(const U &);   // templated
  template <class U> T(U &&);        // greedy: classified, marked Greedy
  explicit T(double);                // explicit
  T(short) = delete;                 // deleted
  T(const T &);                      // copy
  T(T &&);                           // move
  T(std::initializer_list<int>);     // initializer list
  T(int, int);                       // two arguments
  T(long, int = 0);                  // callable with one
  operator bool() const;             // ubiquitous: bool
  operator Other() const;            // ordinary
  template <class S> operator S() const; // templated
  explicit operator float() const;   // explicit
};
)cpp";

std::vector<std::optional<ImplicitConversion>> classifyAll(Parsed &P) {
  std::vector<std::optional<ImplicitConversion>> Out;
  const auto *RD = P.find<CXXRecordDecl>("T");
  for (const Decl *D : RD->decls()) {
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      D = FTD->getTemplatedDecl();
    if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && !FD->isImplicit())
      Out.push_back(classifyImplicitConversion(FD));
  }
  return Out;
}

TEST(ConversionFacts, ClassifiesBreadthAndExclusions) {
  Parsed P = parse(Code);
  auto All = classifyAll(P);
  ASSERT_EQ(All.size(), 17u);
  auto breadth = [&](size_t I) {
    EXPECT_TRUE(All[I].has_value()) << "declaration #" << I;
    return All[I] ? All[I]->Breadth : ConversionBreadth::Ordinary;
  };
  EXPECT_EQ(breadth(0), ConversionBreadth::Ubiquitous);
  EXPECT_EQ(All[0]->Why, "an arithmetic type");
  EXPECT_EQ(breadth(1), ConversionBreadth::Ubiquitous);
  EXPECT_EQ(All[1]->Why, "a raw pointer");
  EXPECT_EQ(breadth(2), ConversionBreadth::Ubiquitous);
  EXPECT_EQ(All[2]->Why, "a standard container");
  EXPECT_EQ(breadth(3), ConversionBreadth::Ordinary);
  EXPECT_EQ(breadth(4), ConversionBreadth::Templated);
  EXPECT_FALSE(All[4]->Greedy); // const U&: the copy constructor still wins
  // dispatch-greedy-constructor owns U&&; implicit-conversion reports it only
  // when that check is disabled, so the fact says which it is.
  EXPECT_EQ(breadth(5), ConversionBreadth::Templated);
  EXPECT_TRUE(All[5]->Greedy);
  for (size_t I : {6, 7, 8, 9, 10, 11})
    EXPECT_FALSE(All[I].has_value()) << "declaration #" << I;
  EXPECT_EQ(breadth(12), ConversionBreadth::Ubiquitous); // T(long, int = 0)
  EXPECT_EQ(breadth(13), ConversionBreadth::Ubiquitous);
  EXPECT_EQ(All[13]->Why, "bool");
  EXPECT_FALSE(All[13]->IsConstructor);
  EXPECT_EQ(breadth(14), ConversionBreadth::Ordinary);
  EXPECT_EQ(breadth(15), ConversionBreadth::Templated);
  EXPECT_FALSE(All[16].has_value());
}

TEST(ConversionFacts, GreedyConstructorForms) {
  Parsed P = parse(R"cpp(
    template <class T> concept C = true;
    struct G {
      template <class U> G(U &&);
      template <class U> G(U, int = 0);
      template <class U> G(U &);
      template <class... U> G(U &&...);
      template <class U> G(const U &);
      template <class U> G(U &&, int);
      template <C U> G(U &&, char = 0);
      template <class U> explicit G(U, long = 0);
    };
  )cpp");
  std::vector<std::optional<GreedyForm>> Forms;
  for (const Decl *D : P.find<CXXRecordDecl>("G")->decls())
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      Forms.push_back(classifyGreedyConstructor(cast<CXXConstructorDecl>(FTD->getTemplatedDecl())));
  ASSERT_EQ(Forms.size(), 8u);
  EXPECT_EQ(Forms[0], GreedyForm::ForwardingRef);
  EXPECT_EQ(Forms[1], GreedyForm::ByValue);
  EXPECT_EQ(Forms[2], GreedyForm::LvalueRef);
  EXPECT_EQ(Forms[3], GreedyForm::Variadic);
  EXPECT_FALSE(Forms[4]); // const U&: the copy constructor still wins
  EXPECT_FALSE(Forms[5]); // needs two arguments
  EXPECT_FALSE(Forms[6]); // constrained
  // explicit by value: no copies, but spelled constructions other
  // constructors had (judged by the check's effects)
  EXPECT_EQ(Forms[7], GreedyForm::ByValue);
}

} // namespace
