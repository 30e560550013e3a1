#include "TestAST.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace clang;

namespace dispatch::test {

Parsed parse(const std::string &Code, std::vector<std::string> Args,
             const std::map<std::string, std::string> &Headers) {
  bool HasStd = false;
  for (const std::string &A : Args)
    HasStd |= llvm::StringRef(A).starts_with("-std=");
  if (!HasStd)
    Args.push_back("-std=c++20");
  Args.push_back("-isystem/sys");
  Args.push_back("-I/project");
  Parsed P;
  P.Files = std::make_shared<tooling::FileContentMappings>(Headers.begin(), Headers.end());
  P.AST = tooling::buildASTFromCodeWithArgs(Code, Args, "/project/main.cpp", "dispatch-test",
                                            std::make_shared<PCHContainerOperations>(),
                                            tooling::getClangStripDependencyFileAdjuster(),
                                            *P.Files);
  EXPECT_TRUE(P.AST != nullptr);
  if (P.AST)
    EXPECT_FALSE(P.AST->getDiagnostics().hasErrorOccurred()) << "snippet does not compile";
  return P;
}

namespace {
struct Collector : RecursiveASTVisitor<Collector> {
  bool shouldVisitTemplateInstantiations() const { return true; }
  std::string Name;
  std::vector<const NamedDecl *> Found;
  unsigned WantCall = 0;
  std::string CallName;
  const CallExpr *Call = nullptr;
  bool VisitNamedDecl(NamedDecl *D) {
    if (!Name.empty() && D->getQualifiedNameAsString() == Name)
      Found.push_back(D);
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    if (CallName.empty() || Call)
      return true;
    if (const FunctionDecl *F = E->getDirectCallee())
      if (F->getNameAsString() == CallName && WantCall-- == 0)
        Call = E;
    return true;
  }
};
} // namespace

std::vector<const NamedDecl *> Parsed::all(const std::string &QualifiedName) {
  Collector C;
  C.Name = QualifiedName;
  C.TraverseAST(ctx());
  return C.Found;
}

const CallExpr *Parsed::call(const std::string &CalleeName, unsigned Nth) {
  Collector C;
  C.CallName = CalleeName;
  C.WantCall = Nth;
  C.TraverseAST(ctx());
  if (!C.Call)
    ADD_FAILURE() << "the snippet has no call #" << Nth << " to " << CalleeName;
  return C.Call;
}

} // namespace dispatch::test
