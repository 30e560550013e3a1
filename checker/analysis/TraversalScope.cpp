#include "dispatch/TraversalScope.h"

#include "dispatch/TypeFacts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace dispatch {

namespace {

/// Walks the system-header part of the TU at declaration level (never into
/// function bodies) and keeps the template instantiations that involve
/// project code; appends project-written declarations whole.
class ScopePlanner {
public:
  explicit ScopePlanner(ASTContext &Ctx) : SM(Ctx.getSourceManager()) {}

  std::vector<Decl *> plan(TranslationUnitDecl *TU) {
    for (Decl *D : TU->decls())
      visitChild(D);
    return std::move(Scope);
  }

private:
  /// Outside system headers by either end: the matchers test the beginning,
  /// the ownership rules the name's location; either one makes it written code.
  bool isProjectWritten(const Decl *D) const {
    return isProjectLocation(D->getLocation()) || isProjectLocation(D->getBeginLoc());
  }
  bool isProjectLocation(SourceLocation L) const {
    if (L.isInvalid())
      return false; // compiler-provided (builtin typedefs and templates)
    SourceLocation E = SM.getExpansionLoc(L);
    return E.isValid() && !SM.isInSystemHeader(E);
  }

  void visitChild(Decl *D) {
    if (isProjectWritten(D))
      Scope.push_back(D);
    else
      walkSystem(D);
  }

  /// A declaration written in a system header: find the instantiations under it.
  void walkSystem(Decl *D) {
    if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
      for (Decl *Child : cast<DeclContext>(D)->decls())
        visitChild(Child);
      return;
    }
    if (auto *CTD = dyn_cast<ClassTemplateDecl>(D)) {
      // Uninstantiated patterns hold nothing a project type can reach; the
      // instantiations are listed on the canonical template, as
      // RecursiveASTVisitor visits them.
      if (CTD->isCanonicalDecl())
        for (ClassTemplateSpecializationDecl *Spec : CTD->specializations())
          for (Decl *RD : Spec->redecls())
            if (isImplicitInstantiation(cast<ClassTemplateSpecializationDecl>(RD)
                                            ->getSpecializationKind()))
              considerClass(cast<ClassTemplateSpecializationDecl>(RD));
      return;
    }
    if (auto *VTD = dyn_cast<VarTemplateDecl>(D)) {
      if (VTD->isCanonicalDecl())
        for (VarTemplateSpecializationDecl *Spec : VTD->specializations())
          for (Decl *RD : Spec->redecls()) {
            auto *V = cast<VarTemplateSpecializationDecl>(RD);
            if (isImplicitInstantiation(V->getSpecializationKind()) &&
                argsInvolveProject(V->getTemplateArgs().asArray()))
              Scope.push_back(V);
          }
      return;
    }
    if (auto *FTD = dyn_cast<FunctionTemplateDecl>(D)) {
      if (FTD->isCanonicalDecl())
        for (FunctionDecl *Spec : FTD->specializations())
          for (FunctionDecl *RD : Spec->redecls()) {
            // Explicit instantiations included: they have no node of their
            // own, RecursiveASTVisitor visits them here too.
            if (RD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
              continue;
            const TemplateArgumentList *Args = RD->getTemplateSpecializationArgs();
            if (!Args || argsInvolveProject(Args->asArray()))
              Scope.push_back(RD);
          }
      return;
    }
    if (auto *FD = dyn_cast<FriendDecl>(D)) {
      if (NamedDecl *Friend = FD->getFriendDecl())
        walkSystem(Friend);
      return;
    }
    // A class written in a system header (explicit specialisations included;
    // template patterns excluded): its member templates and nested classes.
    if (auto *RD = dyn_cast<CXXRecordDecl>(D))
      if (!RD->getDescribedClassTemplate() && !RD->isDependentContext())
        for (Decl *Child : RD->decls())
          visitChild(Child);
  }

  static bool isImplicitInstantiation(TemplateSpecializationKind K) {
    return K == TSK_Undeclared || K == TSK_ImplicitInstantiation;
  }

  void considerClass(ClassTemplateSpecializationDecl *Spec) {
    if (argsInvolveProject(Spec->getTemplateArgs().asArray())) {
      Scope.push_back(Spec);
      return;
    }
    // std::vector<int> is not the project's, but its member template
    // std::vector<int>::emplace_back<gnn::Tensor> may be.
    for (Decl *Child : Spec->decls())
      if (!isa<CXXRecordDecl>(Child) || !cast<CXXRecordDecl>(Child)->isInjectedClassName())
        walkSystem(Child);
  }

  bool argsInvolveProject(llvm::ArrayRef<TemplateArgument> Args) {
    for (const TemplateArgument &A : Args)
      if (argInvolvesProject(A))
        return true;
    return false;
  }

  bool argInvolvesProject(const TemplateArgument &A) {
    switch (A.getKind()) {
    case TemplateArgument::Null:
      return false;
    case TemplateArgument::Type:
      return typeInvolvesProject(A.getAsType());
    case TemplateArgument::Declaration:
      return declInvolvesProject(A.getAsDecl()) || typeInvolvesProject(A.getParamTypeForDecl());
    case TemplateArgument::NullPtr:
      return typeInvolvesProject(A.getNullPtrType());
    case TemplateArgument::Integral:
      return typeInvolvesProject(A.getIntegralType());
    case TemplateArgument::Template:
    case TemplateArgument::TemplateExpansion: {
      TemplateDecl *TD = A.getAsTemplateOrTemplatePattern().getAsTemplateDecl();
      return !TD || declInvolvesProject(TD);
    }
    case TemplateArgument::Pack:
      return argsInvolveProject(A.pack_elements());
    case TemplateArgument::Expression:
      return true; // not expected in an instantiation: keep it, to be safe
    }
    return true;
  }

  /// Written outside system headers, or nested in (or itself) an
  /// instantiation for project arguments: `std::vector<gnn::Tensor>::iterator`.
  bool declInvolvesProject(const Decl *D) {
    auto [It, Inserted] = DeclMemo.try_emplace(D, false);
    if (!Inserted)
      return It->second;
    bool Result = false;
    for (const Decl *Cur = D; Cur && !isa<TranslationUnitDecl>(Cur) && !Result;
         Cur = Cur->getDeclContext() ? Decl::castFromDeclContext(Cur->getDeclContext()) : nullptr) {
      if (isProjectWritten(Cur))
        Result = true;
      else if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Cur))
        Result = argsInvolveProject(Spec->getTemplateArgs().asArray());
      else if (const auto *VSpec = dyn_cast<VarTemplateSpecializationDecl>(Cur))
        Result = argsInvolveProject(VSpec->getTemplateArgs().asArray());
      else if (const auto *FD = dyn_cast<FunctionDecl>(Cur))
        if (const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs())
          Result = argsInvolveProject(Args->asArray());
    }
    DeclMemo[D] = Result;
    return Result;
  }

  bool typeInvolvesProject(QualType T) {
    if (T.isNull())
      return false;
    const Type *Ty = T.getCanonicalType().getTypePtr();
    auto [It, Inserted] = TypeMemo.try_emplace(Ty, false);
    if (!Inserted)
      return It->second;
    bool Result = computeTypeInvolvesProject(Ty);
    TypeMemo[Ty] = Result;
    return Result;
  }

  bool computeTypeInvolvesProject(const Type *Ty) {
    if (isa<BuiltinType, BitIntType>(Ty))
      return false;
    if (std::optional<bool> Any =
            anyComponentType(Ty, [&](QualType C) { return typeInvolvesProject(C); }))
      return *Any;
    if (const auto *Tag = dyn_cast<TagType>(Ty))
      return declInvolvesProject(Tag->getDecl());
    return true; // dependent or unusual: keep what uses it, to be safe
  }

  const SourceManager &SM;
  std::vector<Decl *> Scope;
  llvm::DenseMap<const Type *, bool> TypeMemo;
  llvm::DenseMap<const Decl *, bool> DeclMemo;
};

} // namespace

std::vector<Decl *> projectTraversalScope(ASTContext &Ctx) {
  return ScopePlanner(Ctx).plan(Ctx.getTranslationUnitDecl());
}

bool hasLimitedTraversalScope(ASTContext &Ctx) {
  std::vector<Decl *> Scope = Ctx.getTraversalScope();
  return !(Scope.size() == 1 && isa<TranslationUnitDecl>(Scope.front()));
}

} // namespace dispatch
