#include "TestAST.h"

#include "dispatch/TypeFacts.h"

#include <gtest/gtest.h>

#include <set>

using namespace clang;
using namespace dispatch;
using namespace dispatch::test;

namespace {

const char *Code = R"cpp(
namespace std { inline namespace __cxx11 {
template <class C> struct basic_string {}; using string = basic_string<char>; }
template <class T> struct vector {}; template <class F> struct function {};
template <class A, class B> struct pair {}; }
namespace thrust { template <class T> struct device_ptr {}; }
namespace gnn { struct Tensor {}; struct Derived : Tensor {}; enum Kind { A }; }
namespace other { struct Node {}; }
using Bool = bool; using Int = const int &; using Ptr = float *; using Str = std::string;
using ArrRef = float (&)[4];
using Vec = std::vector<gnn::Tensor>; using Dev = thrust::device_ptr<float>;
using Fn = std::function<void(int)>; using Pair = std::pair<int, gnn::Tensor>;
using Plain = gnn::Tensor; using En = gnn::Kind;
using Nested = std::vector<other::Node> *;
typedef unsigned long u64_t; namespace std { using ::u64_t; }
namespace other { using count = std::u64_t; } using Count = other::count; using Global = std::u64_t;
)cpp";

QualType aliased(Parsed &P, const char *Name) {
  return P.find<TypedefNameDecl>(Name)->getUnderlyingType();
}

TEST(TypeFacts, Ubiquity) {
  Parsed P = parse(Code);
  EXPECT_EQ(ubiquityOf(aliased(P, "Bool")), "bool");
  EXPECT_EQ(ubiquityOf(aliased(P, "Int")), "an arithmetic type");
  EXPECT_EQ(ubiquityOf(aliased(P, "Ptr")), "a raw pointer");
  EXPECT_EQ(ubiquityOf(aliased(P, "ArrRef")), "a built-in array"); // xgboost's Span(T (&)[N])
  EXPECT_EQ(ubiquityOf(aliased(P, "Str")), "std::string"); // through the inline namespace
  EXPECT_EQ(ubiquityOf(aliased(P, "Vec")), "a standard container");
  EXPECT_EQ(ubiquityOf(aliased(P, "Dev")), "a device pointer");
  // tiny-cuda-nn's reviewer: std::function is no container.
  EXPECT_EQ(ubiquityOf(aliased(P, "Fn")), "a standard vocabulary type");
  EXPECT_EQ(ubiquityOf(aliased(P, "Pair")), "a standard vocabulary type");
  EXPECT_EQ(ubiquityOf(aliased(P, "Plain")), "");
  EXPECT_EQ(ubiquityOf(aliased(P, "En")), "");
}

TEST(TypeFacts, AssociatedNamespaces) {
  Parsed P = parse(Code);
  auto namespaces = [&](const char *Alias) {
    llvm::SmallPtrSet<const DeclContext *, 8> Out;
    collectAssociatedNamespaces(aliased(P, Alias), Out);
    std::set<std::string> Names;
    for (const DeclContext *DC : Out)
      Names.insert(isa<NamespaceDecl>(DC) ? cast<NamespaceDecl>(DC)->getQualifiedNameAsString()
                                          : "<global>");
    return Names;
  };
  EXPECT_EQ(namespaces("Vec"), (std::set<std::string>{"std", "gnn"}));
  EXPECT_EQ(namespaces("Nested"), (std::set<std::string>{"std", "other"}));
  EXPECT_EQ(namespaces("En"), (std::set<std::string>{"gnn"}));
  EXPECT_EQ(namespaces("Str"), (std::set<std::string>{"std", "std::__cxx11"}));
  EXPECT_TRUE(namespaces("Int").empty());
}

TEST(TypeFacts, DerivationAndSpelling) {
  Parsed P = parse(Code);
  QualType Base = QualType(P.find<CXXRecordDecl>("gnn::Tensor")->getTypeForDecl(), 0);
  QualType Derived = QualType(P.find<CXXRecordDecl>("gnn::Derived")->getTypeForDecl(), 0);
  EXPECT_TRUE(isDerivedFrom(Derived, Base));
  EXPECT_FALSE(isDerivedFrom(Base, Derived));
  EXPECT_FALSE(isDerivedFrom(Base, Base));
  EXPECT_EQ(spellType(aliased(P, "Vec"), P.ctx()), "std::vector<gnn::Tensor>");
  EXPECT_EQ(spellType(aliased(P, "Int"), P.ctx()), "int");
  // An alias of a type named through a using-declaration (`std::uint64_t`)
  // keeps its own name; the using-declaration's name is its target's.
  EXPECT_EQ(spellType(aliased(P, "Count"), P.ctx()), "other::count");
  EXPECT_EQ(spellType(aliased(P, "Global"), P.ctx()), "u64_t");
  // Inline namespaces are not part of the name users write.
  EXPECT_EQ(qualifiedClassName(aliased(P, "Str")), "std::basic_string");
}

} // namespace

namespace {

TEST(TypeFacts, ImplicitlyConstructibleFromOtherTypes) {
  Parsed P = parse(R"cpp(
struct Aggregate { float v; };
struct CopyOnly { CopyOnly(const CopyOnly &) = default; CopyOnly(CopyOnly &&) = default; };
struct FromFloat { FromFloat(float v, int n = 1) {} };
struct ExplicitOnly { explicit ExplicitOnly(float) {} };
struct TwoArgs { TwoArgs(float, int) {} };
struct Greedy { template <class U> Greedy(U &&) {} };
struct Deleted { Deleted(int) = delete; };
template <class T> struct Tpl { Tpl(T) {} };
using TplInt = Tpl<int>;
)cpp");
  auto cls = [&](const char *Name) { return P.find<CXXRecordDecl>(Name); };
  for (const char *Name : {"Aggregate", "CopyOnly", "ExplicitOnly", "TwoArgs", "Deleted"})
    EXPECT_FALSE(isImplicitlyConstructibleFromOtherTypes(cls(Name))) << Name;
  for (const char *Name : {"FromFloat", "Greedy"})
    EXPECT_TRUE(isImplicitlyConstructibleFromOtherTypes(cls(Name))) << Name;
  // A specialisation named but never instantiated: its template's members.
  EXPECT_TRUE(isImplicitlyConstructibleFromOtherTypes(
      P.find<TypedefNameDecl>("TplInt")->getUnderlyingType()->getAsCXXRecordDecl()));
}

} // namespace
