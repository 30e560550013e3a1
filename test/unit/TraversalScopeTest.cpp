#include "TestAST.h"

#include "dispatch/TraversalScope.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <gtest/gtest.h>

#include <set>

using namespace clang;
using namespace dispatch;
using namespace dispatch::test;

namespace {

// Library code in the shapes the scope must keep or skip.
const std::map<std::string, std::string> Headers = {
    {"/sys/lib.h", R"cpp(
namespace lib {
template <class T> struct vector {
  T *data = nullptr;
  void push(const T &v) { T copy = v; (void)copy; }
  template <class U> void emplace(U u) { T t = u; (void)t; }
};
template <class A> struct Box { template <class U> A take(U u) { return u; } };
struct Sink { template <class T> float put(T x) { return x; } };
template <auto F> struct Caller { static float call() { return F(); } };
template <class F> float invoke(F f) { return f(); }
struct Clock { long ticks() const { long n = 1; return n + 1; } };
inline int helper() { return Clock().ticks() > 0; }
}
)cpp"}};

const char *Code = R"cpp(
#include <lib.h>
struct Tensor { Tensor(int) {} operator float() const { return 1; } };
Tensor best() { return 1; }
float use() {
  lib::vector<Tensor> ts;
  ts.push(Tensor(1));
  lib::vector<int> is;
  is.push(3);
  is.emplace(Tensor(2));
  float a = lib::Box<float>{}.take(Tensor(3));
  float b = lib::Sink{}.put(Tensor(4));
  float c = lib::Caller<&best>::call();
  float d = lib::invoke([] { return Tensor(5); });
  return a + b + c + d + lib::helper();
}
)cpp";

/// The conversions and calls a traversal reaches.
struct Reached : RecursiveASTVisitor<Reached> {
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  std::set<const Stmt *> Nodes;
  bool VisitCXXConstructExpr(CXXConstructExpr *E) { return Nodes.insert(E), true; }
  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() == CK_UserDefinedConversion)
      Nodes.insert(E);
    return true;
  }
  bool VisitCallExpr(CallExpr *E) { return Nodes.insert(E), true; }
};

std::set<const Stmt *> reach(ASTContext &Ctx) {
  Reached R;
  R.TraverseAST(Ctx);
  return R.Nodes;
}

bool involvesTensor(const Stmt *S) {
  auto Named = [](const Decl *D) {
    const auto *R = D ? dyn_cast<CXXRecordDecl>(D->getDeclContext()) : nullptr;
    return R && R->getName() == "Tensor";
  };
  if (const auto *C = dyn_cast<CXXConstructExpr>(S))
    return Named(C->getConstructor());
  if (const auto *I = dyn_cast<ImplicitCastExpr>(S))
    return Named(I->getConversionFunction());
  return false;
}

TEST(TraversalScope, KeepsEveryNodeThatInvolvesProjectTypes) {
  Parsed P = parse(Code, {"-std=c++20"}, Headers);
  ASTContext &Ctx = P.ctx();
  std::set<const Stmt *> Full = reach(Ctx);
  ASSERT_FALSE(hasLimitedTraversalScope(Ctx));
  Ctx.setTraversalScope(projectTraversalScope(Ctx));
  ASSERT_TRUE(hasLimitedTraversalScope(Ctx));
  std::set<const Stmt *> Trimmed = reach(Ctx);

  unsigned ProjectNodes = 0;
  for (const Stmt *S : Full)
    if (involvesTensor(S)) {
      ++ProjectNodes;
      EXPECT_TRUE(Trimmed.count(S)) << "lost a conversion of Tensor at "
                                    << S->getBeginLoc().printToString(Ctx.getSourceManager());
    }
  // Tensor(1..5) in use(), best()'s return, and in library code: push's copy
  // is not a conversion; emplace<Tensor>, take<Tensor>, put<Tensor>,
  // Caller<&best>::call and invoke<lambda> each convert.
  EXPECT_GE(ProjectNodes, 10u);
  for (const Stmt *S : Trimmed)
    EXPECT_TRUE(Full.count(S)) << "reached a node the full traversal does not";
  // Library code instantiated for library types only is skipped.
  EXPECT_LT(Trimmed.size(), Full.size());
  for (const Stmt *S : Full)
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = Call->getDirectCallee(); F && F->getName() == "ticks") {
        EXPECT_FALSE(Trimmed.count(S)) << "walked lib::helper, which no project type reaches";
      }
}

TEST(TraversalScope, ListsProjectDeclarationsAndInstantiationsInOrder) {
  Parsed P = parse(Code, {"-std=c++20"}, Headers);
  std::vector<Decl *> Scope = projectTraversalScope(P.ctx());
  std::vector<std::string> Names;
  for (Decl *D : Scope)
    if (const auto *ND = dyn_cast<NamedDecl>(D)) {
      std::string S;
      llvm::raw_string_ostream OS(S);
      ND->getNameForDiagnostic(OS, P.ctx().getPrintingPolicy(), /*Qualified=*/true);
      Names.push_back(OS.str());
    }
  auto Has = [&](const std::string &N) {
    return std::find(Names.begin(), Names.end(), N) != Names.end();
  };
  EXPECT_TRUE(Has("lib::vector<Tensor>"));
  EXPECT_FALSE(Has("lib::vector<int>"));
  EXPECT_TRUE(Has("lib::vector<int>::emplace<Tensor>"));
  EXPECT_TRUE(Has("lib::Box<float>::take<Tensor>"));
  EXPECT_FALSE(Has("lib::Box<float>"));
  EXPECT_TRUE(Has("lib::Sink::put<Tensor>"));
  EXPECT_TRUE(Has("lib::Caller<&best>"));
  EXPECT_FALSE(Has("lib::helper"));
  EXPECT_FALSE(Has("lib"));
  // The library's instantiations come where the library's namespace was
  // (it is included first), then the project's declarations in order.
  auto Pos = [&](const std::string &N) {
    return std::find(Names.begin(), Names.end(), N) - Names.begin();
  };
  EXPECT_LT(Pos("lib::vector<Tensor>"), Pos("Tensor"));
  EXPECT_LT(Pos("Tensor"), Pos("best"));
  EXPECT_LT(Pos("best"), Pos("use"));
}

} // namespace
