#include "TestAST.h"

#include "dispatch/Ownership.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace dispatch;
using namespace dispatch::test;

namespace {

const std::map<std::string, std::string> Headers = {
    {"/sys/vec.h", "namespace std { template <class T> struct vector {}; "
                   "template <class A, class B> struct pair {}; }\n"
                   "namespace lib { struct Handle {}; }"},
    {"/project/third_party/dep.h", "namespace dep { struct Blob {}; }"},
};

const char *Code = R"cpp(
#include <vec.h>
#include "third_party/dep.h"
namespace gnn { struct Tensor {}; enum class Kind { A }; }
using V = std::vector<gnn::Tensor>;
using F = std::vector<float>;
using P = std::pair<int, std::vector<gnn::Kind>>;
using Fn = void (*)(const gnn::Tensor &);
using Ptr = gnn::Tensor *[3];
using L = std::vector<lib::Handle>;
using D = dep::Blob;
)cpp";

QualType aliased(Parsed &P, const std::string &Name) {
  const auto *TD = P.find<TypedefNameDecl>(Name);
  EXPECT_NE(TD, nullptr) << Name;
  return TD ? TD->getUnderlyingType() : QualType();
}

TEST(Ownership, ProjectFilesAreOwnedSystemAndVendoredAreNot) {
  Parsed P = parse(Code, {}, Headers);
  OwnershipPolicy Policy{OwnershipOptions{}};
  EXPECT_TRUE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("gnn::Tensor")));
  EXPECT_FALSE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("lib::Handle")));
  EXPECT_FALSE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("dep::Blob")));
}

TEST(Ownership, InvolvesOwnedTypeLooksThroughEverything) {
  Parsed P = parse(Code, {}, Headers);
  OwnershipPolicy Policy{OwnershipOptions{}};
  EXPECT_TRUE(Policy.involvesOwnedType(aliased(P, "V")));
  EXPECT_FALSE(Policy.involvesOwnedType(aliased(P, "F")));
  EXPECT_TRUE(Policy.involvesOwnedType(aliased(P, "P")));   // nested template argument, enum
  EXPECT_TRUE(Policy.involvesOwnedType(aliased(P, "Fn")));  // function parameter
  EXPECT_TRUE(Policy.involvesOwnedType(aliased(P, "Ptr"))); // array of pointers
  EXPECT_FALSE(Policy.involvesOwnedType(aliased(P, "L")));
  EXPECT_FALSE(Policy.involvesOwnedType(aliased(P, "D")));
}

TEST(Ownership, SourceRootsAndOwnedNamespacesAreHonoured) {
  Parsed P = parse(Code, {}, Headers);
  OwnershipOptions Roots;
  Roots.SourceRoots = {"/elsewhere/"};
  EXPECT_FALSE(OwnershipPolicy(Roots).isOwnedDecl(P.find<CXXRecordDecl>("gnn::Tensor")));
  Roots.SourceRoots = {"/project/"};
  EXPECT_TRUE(OwnershipPolicy(Roots).isOwnedDecl(P.find<CXXRecordDecl>("gnn::Tensor")));

  OwnershipOptions Ns;
  Ns.OwnedNamespaces = {"dep"};
  EXPECT_TRUE(OwnershipPolicy(Ns).isOwnedDecl(P.find<CXXRecordDecl>("dep::Blob")));
  Ns.ThirdPartyDirs = {};
  Ns.OwnedNamespaces = {};
  EXPECT_TRUE(OwnershipPolicy(Ns).isOwnedDecl(P.find<CXXRecordDecl>("dep::Blob")));
}

TEST(Ownership, NamespaceStdIsNeverOwned) {
  Parsed P = parse("namespace std { struct mine {}; }");
  OwnershipPolicy Policy{OwnershipOptions{}};
  const auto *Mine = P.find<CXXRecordDecl>("std::mine");
  ASSERT_NE(Mine, nullptr);
  EXPECT_TRUE(isInStdNamespace(Mine));
  EXPECT_FALSE(Policy.isOwnedDecl(Mine));
}

} // namespace
