#include "FactCollector.h"

#include "dispatch/ConversionSites.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/FindingRecord.h"
#include "dispatch/SourceFiles.h"
#include "dispatch/TemplateFacts.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"

#include <memory>
#include <set>
#include <unordered_map>

namespace dispatch::scan {

using namespace clang;

std::string PathMapper::map(llvm::StringRef Path, llvm::StringRef WorkingDir) const {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P) && !WorkingDir.empty()) {
    llvm::SmallString<256> Abs(WorkingDir);
    llvm::sys::path::append(Abs, P);
    P = Abs;
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  llvm::StringRef S(P);
  if (!Root.empty() && S.starts_with(Root) &&
      (S.size() == Root.size() || llvm::sys::path::is_separator(S[Root.size()])))
    return S.drop_front(std::min(S.size(), Root.size() + 1)).str();
  return S.str();
}

namespace {

/// Key under which a callee is compared with the flagged declarations: the
/// declaration as written (a template's pattern, a class template member's
/// pattern), canonical.
const Decl *writtenKey(const Decl *D) {
  if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
    D = FTD->getTemplatedDecl();
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return writtenDecl(FD);
  return D->getCanonicalDecl();
}

DeclKind kindOf(const NamedDecl *D) {
  if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
    D = FTD->getTemplatedDecl();
  const auto *FD = dyn_cast<FunctionDecl>(D);
  if (!FD)
    return isa<TagDecl>(D) ? DeclKind::Class : DeclKind::Declaration;
  bool Template = FD->getDescribedFunctionTemplate() != nullptr;
  if (isa<CXXConversionDecl>(FD))
    return Template ? DeclKind::ConversionOperatorTemplate : DeclKind::ConversionOperator;
  if (isa<CXXConstructorDecl>(FD))
    return Template ? DeclKind::ConstructorTemplate : DeclKind::ConvertingConstructor;
  if (FD->isOverloadedOperator())
    return Template ? DeclKind::OperatorTemplate : DeclKind::Operator;
  return Template ? DeclKind::FunctionTemplate : DeclKind::Function;
}

class Collector : public RecursiveASTVisitor<Collector> {
  using Base = RecursiveASTVisitor<Collector>;

public:
  Collector(ASTContext &Ctx, const PathMapper &Paths, llvm::StringRef WorkingDir, Facts &Out,
            TuFact &Tu)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Paths(Paths), WorkingDir(WorkingDir), Out(Out),
        Tu(Tu) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }

  void addFindings(const std::vector<const Finding *> &Found) {
    for (const Finding *F : Found) {
      // An explicit specialisation is a declaration of its own, flagged
      // under itself; its calls are also its template's (use()).
      const Decl *Key = explicitSpecialisation(F->Decl);
      if (!Key)
        Key = writtenKey(F->Decl);
      const auto *Named = dyn_cast<NamedDecl>(Key);
      if (!Named)
        continue;
      DeclarationFact D;
      D.Usr = D.DeclUsr = usrOf(Key);
      if (F->Alternative)
        D.AlternativeUsr = usrOf(writtenKey(F->Alternative));
      Location Shown = shownLoc(F->Loc);
      // A finding about a use (a hijacked call, a reduced-precision site) is
      // a row of its own: its sites are its own, not every row's of the
      // declaration it names (`__half::operator=` at three sites).
      if (F->Scope == FindingScope::Use)
        D.Usr += "@" + Shown.str();
      D.Kind = kindOf(F->Decl);
      D.Finding = recordOf(*F, SM, Ctx.getLangOpts(), WorkingDir);
      FindingRecord &R = D.Finding;
      // The declaration as written names the row (a template's pattern).
      R.DeclName = nameOf(Named);
      R.QualifiedName = qualifiedNameOf(Named);
      // Paths relative to the project root, as everywhere in the facts.
      R.Loc = Shown;
      R.DeclLoc = shownLoc(Named->getLocation());
      for (size_t I = 0; I < R.Notes.size(); ++I)
        R.Notes[I].Loc = shownLoc(F->Notes[I].Loc);
      std::map<std::string, clang::tooling::Replacements> Fixes;
      for (const auto &[File, Reps] : R.Fixes) {
        std::string Rel = Paths.map(File, WorkingDir);
        for (const clang::tooling::Replacement &Rep : Reps)
          llvm::consumeError(Fixes[Rel].add(clang::tooling::Replacement(
              Rel, Rep.getOffset(), Rep.getLength(), Rep.getReplacementText())));
      }
      R.Fixes = std::move(Fixes);
      D.FixIncomplete = R.Fixes.empty();
      // A finding about an implicit conversion depends on the conversion's
      // implicit uses only: `T(x)`, `T{x}`, `static_cast<T>(x)`, `T t(x)` and
      // member initialisers spelled the construction and compile the same
      // once it is explicit (the sites the check's "used implicitly at N
      // sites" counts, ConversionSites.h).
      bool ImplicitOnly = F->Kind == WideningKind::ImplicitConversion ||
                          F->Kind == WideningKind::DeviceTransfer ||
                          F->Kind == WideningKind::ReducedPrecision;
      std::shared_ptr<const std::set<unsigned>> Only;
      if (F->DependentSites) {
        auto Locs = std::make_shared<std::set<unsigned>>();
        for (SourceLocation L : *F->DependentSites)
          Locs->insert(SM.getFileLoc(L).getRawEncoding());
        Only = std::move(Locs);
      }
      flag(Key, D.Usr, ImplicitOnly, Only);
      for (SourceLocation L : F->InstantiatingSites)
        Instantiating[SM.getFileLoc(L).getRawEncoding()].push_back(D.Usr);
      for (const NamedDecl *Also : F->AlsoDecls)
        flag(writtenKey(Also), D.Usr, ImplicitOnly, Only);
      Out.addDeclaration(std::move(D));
    }
  }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl, NamespaceDecl, LinkageSpecDecl, ExportDecl>(D) &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (!FD->doesThisDeclarationHaveABody())
        return true;
      // A pattern's instantiations are visited on their own. A function
      // template this TU never instantiates still had its non-dependent code
      // compiled where it is written (xgboost's MakeSparseFromPtr:
      // `Json{true}` converts through JsonBoolean(Bool) whatever the
      // template's arguments): its uses count, as the checks see them; its
      // calls are no resolution to compare across TUs.
      if (FD->isDependentContext()) {
        const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate();
        if (!T || !T->specializations().empty() || FD->getDeclContext()->isDependentContext())
          return true;
        return withOwner(FD, [&] { return Base::TraverseDecl(D); }, /*Pattern=*/true);
      }
      return withOwner(FD, [&] { return Base::TraverseDecl(D); });
    }
    if (auto *VD = dyn_cast<VarDecl>(D))
      if (Owners.empty() && VD->hasGlobalStorage() && !isa<ParmVarDecl>(VD) && VD->hasInit() &&
          !VD->getDeclContext()->isDependentContext())
        return withOwner(VD, [&] { return Base::TraverseDecl(D); });
    return Base::TraverseDecl(D);
  }

  // A generic lambda's body is a template: what runs are the
  // specialisations of its call operator, members of the closure class,
  // which a traversal of the expression never reaches (xtensor's
  // `std::apply([&](auto &...it) -> reference { ... }, m_it)`). They are
  // visited as functions of their own, as the checks' matchers see them.
  bool TraverseLambdaExpr(LambdaExpr *E, DataRecursionQueue *Queue = nullptr) {
    if (!Base::TraverseLambdaExpr(E, Queue))
      return false;
    if (FunctionTemplateDecl *Generic = E->getDependentCallOperator())
      for (FunctionDecl *Spec : Generic->specializations())
        if (!TraverseDecl(Spec))
          return false;
    return true;
  }

  // The conversions of `T v = {{0, 1}, {2, 3}}` (a construction of each
  // element) are in an initializer list's semantic form, which a visitor of
  // written code skips; its sub-expressions are the written ones plus those
  // conversions, so the scan walks it instead, as the checks' matchers do.
  bool TraverseInitListExpr(InitListExpr *S, DataRecursionQueue *Queue = nullptr) {
    InitListExpr *Semantic = S->isSemanticForm() ? S : S->getSemanticForm();
    return Base::TraverseSynOrSemInitListExpr(Semantic ? Semantic : S, Queue);
  }

  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *Callee = E->getDirectCallee())
      use(E, Callee,
          isa<CXXConversionDecl>(Callee) && E->getExprLoc() == E->getBeginLoc()
              ? SiteKind::Conversion
              : SiteKind::Call);
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    // The conversion-function call below an implicit use: the call visited
    // next is a dependent site of an implicit-only flagged conversion.
    if (E->getCastKind() != CK_UserDefinedConversion || Flagged.empty())
      return true;
    const auto *Call = dyn_cast<CXXMemberCallExpr>(E->getSubExpr()->IgnoreImplicit());
    if (!Call || !Call->getMethodDecl() || !Flagged.count(writtenKey(Call->getMethodDecl())))
      return true;
    // A condition (`if (x)`, `!x`) is no dependent: `explicit operator
    // bool` still serves it.
    if (std::optional<ConversionSite> Site = implicitConversionOperatorSite(E, Ctx);
        Site && !Site->Unevaluated && Site->Form != SiteForm::ContextualBool)
      ImplicitConversionCalls.insert(Call);
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    // An elidable copy (`return T(x);` before C++17) is never made; recorded,
    // it would make one inline function look compiled differently in a
    // C++11 and a C++17 TU.
    const CXXConstructorDecl *Ctor = E->getConstructor();
    if (Ctor && !Ctor->isTrivial() && !E->isElidable())
      use(E, Ctor, SiteKind::Construct);
    return true;
  }

  void finish() {
    // Project headers this TU saw (the ODR report names the one that made
    // the difference).
    std::set<std::string> Seen;
    for (const auto &[FE, FID] : fileIdsOf(SM))
      if (FID != SM.getMainFileID() &&
          !SrcMgr::isSystem(SM.getFileCharacteristic(SM.getLocForStartOfFile(FID))))
        if (OptionalFileEntryRef Ref = SM.getFileEntryRefForID(FID))
          Seen.insert(Paths.map(Ref->getName(), WorkingDir));
    Tu.Includes.assign(Seen.begin(), Seen.end());
  }

private:
  struct Owner {
    uint32_t Index;
    bool InHeader; ///< defined outside the main file, external linkage: the ODR compares it
    std::unordered_map<std::string, unsigned> CallsNamed = {};
  };

  template <class F> bool withOwner(const NamedDecl *D, F Traverse, bool Pattern = false) {
    // Only an entity of external linkage has one definition for the whole
    // program; each TU's own (`static`, an anonymous namespace, a template
    // specialised on a closure type) may resolve its calls as it likes.
    SourceLocation L = SM.getExpansionLoc(D->getLocation());
    Owners.push_back(
        {functionIndex(D), !Pattern && !SM.isWrittenInMainFile(L) && D->isExternallyVisible()});
    bool R = Traverse();
    Owners.pop_back();
    return R;
  }

  void use(const Expr *E, const FunctionDecl *Callee, SiteKind How) {
    if (Owners.empty())
      return; // default arguments, static_assert, ...
    Owner &O = Owners.back();
    uint32_t CalleeIndex = functionIndex(Callee);
    Out.addCall(O.Index, CalleeIndex);

    auto It = Flagged.find(writtenKey(Callee));
    if (It == Flagged.end())
      if (const auto *M = dyn_cast<CXXMethodDecl>(Callee)) // a flagged class
        It = Flagged.find(M->getParent()->getCanonicalDecl());
    llvm::SmallVector<const FlaggedAs *, 4> Flags;
    if (It != Flagged.end())
      for (const FlaggedAs &As : It->second)
        Flags.push_back(&As);
    if (const FunctionDecl *Spec = explicitSpecialisation(Callee))
      if (auto Own = Flagged.find(Spec); Own != Flagged.end())
        for (const FlaggedAs &As : Own->second)
          Flags.push_back(&As);
    if (!Flags.empty()) {
      std::optional<bool> Implicit; // asked for only when a flag needs it
      for (const FlaggedAs *As : Flags) {
        if (As->Only && !As->Only->count(SM.getFileLoc(E->getBeginLoc()).getRawEncoding()))
          continue;
        if (As->ImplicitOnly) {
          if (!Implicit)
            Implicit = isImplicitUse(E);
          if (!*Implicit)
            continue;
        }
        Out.addSite({As->Usr, shownLoc(E->getBeginLoc()), O.Index, How});
      }
    }
    if (!Instantiating.empty())
      instantiatingSite(E, O.Index, How);
    if (O.InHeader) {
      // Several calls can start at one location (`os << a << b`, `T(f(x))`):
      // the call is named by its operator/callee location and its ordinal
      // among calls named alike, which is the same in every TU. Every call
      // of a macro expansion has the expansion's location: where the macro
      // spelled it is part of the name, so a macro defined differently in
      // two TUs names different calls rather than shifted ordinals.
      ResolutionFact R;
      R.In = O.Index;
      R.Loc = locOf(E->getExprLoc());
      if (E->getExprLoc().isMacroID())
        R.MacroSpelling = spellingOf(E->getExprLoc());
      R.Ordinal = O.CallsNamed[R.Loc.str() + "~" + R.MacroSpelling.str()]++;
      R.Callee = CalleeIndex;
      Tu.Resolutions.push_back(std::move(R));
    }
  }

  /// A call where the project made clang instantiate a system header's
  /// template that uses a flagged declaration (Finding::InstantiatingSites,
  /// at the callee's name: the point of instantiation) is a site of it.
  void instantiatingSite(const Expr *E, uint32_t In, SiteKind How) {
    SourceLocation Name = E->getExprLoc();
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts()))
        Name = Ref->getLocation();
    for (SourceLocation L : {Name, E->getBeginLoc()}) {
      unsigned Raw = SM.getFileLoc(L).getRawEncoding();
      auto It = Instantiating.find(Raw);
      if (It == Instantiating.end())
        continue;
      for (const std::string &Usr : It->second)
        if (InstantiatingCounted.insert({Usr, Raw}).second)
          Out.addSite({Usr, shownLoc(E->getBeginLoc()), In, How});
      return;
    }
  }

  struct FlaggedAs {
    std::string Usr;
    bool ImplicitOnly; ///< only implicit uses of the conversion are its sites
    /// Only these sites (file locations), when the check named them
    /// (Finding::DependentSites).
    std::shared_ptr<const std::set<unsigned>> Only;
  };

  void flag(const Decl *Key, const std::string &Usr, bool ImplicitOnly,
            std::shared_ptr<const std::set<unsigned>> Only) {
    auto &As = Flagged[Key];
    for (FlaggedAs &A : As)
      if (A.Usr == Usr) {
        A.ImplicitOnly &= ImplicitOnly; // any finding that needs every use wins
        if (!Only)
          A.Only.reset();
        else if (A.Only) { // two findings of one declaration: either's sites
          auto Both = std::make_shared<std::set<unsigned>>(*A.Only);
          Both->insert(Only->begin(), Only->end());
          A.Only = std::move(Both);
        }
        return;
      }
    As.push_back({Usr, ImplicitOnly, std::move(Only)});
  }

  /// A construction or conversion-function call applied without being
  /// spelled (ConversionSites.h), in evaluated code; other calls never are.
  bool isImplicitUse(const Expr *E) {
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
      std::optional<ConversionSite> Site = implicitConstructorSite(Construct, Ctx);
      return Site && !Site->Unevaluated;
    }
    if (const auto *Assign = dyn_cast<CXXOperatorCallExpr>(E)) { // `h = f` through operator=
      std::optional<ConversionSite> Site = implicitAssignmentSite(Assign, Ctx);
      return Site && !Site->Unevaluated;
    }
    return ImplicitConversionCalls.count(E) != 0;
  }

  uint32_t functionIndex(const NamedDecl *D) {
    auto [It, New] = FunctionCache.try_emplace(D, 0);
    if (!New)
      return It->second;
    FunctionFact F;
    F.Usr = usrOf(D);
    // Every program of a database has its own `main` (SNAP's 38 examples
    // were one function): it is named by its file, as a `static` one is.
    if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->isMain())
      F.Usr += "@" + locOf(D->getLocation()).File;
    llvm::raw_string_ostream OS(F.Name);
    D->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) { // overloads differ by parameters
      // The function type's parameters: a definition's top-level `const`
      // (`Decompose(const TIntV &, TIntV &, const bool)` out of line) is no
      // other function (SNAP's false ODR divergences).
      const auto *Proto = FD->getType()->getAs<FunctionProtoType>();
      OS << '(';
      for (unsigned I = 0; I < FD->getNumParams(); ++I)
        OS << (I ? ", " : "")
           << (Proto && I < Proto->getNumParams() ? Proto->getParamType(I)
                                                  : FD->getParamDecl(I)->getType())
                  .getUnqualifiedType()
                  .getAsString(Ctx.getPrintingPolicy());
      OS << ')';
    }
    OS.flush();
    F.Loc = locOf(D->getLocation());
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      const FunctionDecl *W = writtenDecl(FD);
      if (W && W != FD->getCanonicalDecl())
        F.Primary = usrOf(W);
    }
    return It->second = Out.addFunction(std::move(F));
  }

  std::string usrOf(const Decl *D) {
    llvm::SmallString<128> Buf;
    if (index::generateUSRForDecl(D, Buf))
      return "dispatch-scan:" + locOf(D->getLocation()).str(); // no USR (e.g. a local lambda)
    return Buf.str().str();
  }

  Location spellingOf(SourceLocation L) {
    L = SM.getSpellingLoc(L);
    PresumedLoc P = SM.getPresumedLoc(L);
    Location Out;
    if (P.isInvalid())
      return Out;
    Out.File = Paths.map(P.getFilename(), WorkingDir);
    Out.Line = P.getLine();
    Out.Column = P.getColumn();
    return Out;
  }

  /// Where clang-tidy shows a finding, a note or a site: a macro argument
  /// where it is written (CTranslate2's `TYPE_DISPATCH(..., view(...))`
  /// spans lines 29-31; the call is on 30), a macro body at the expansion.
  Location shownLoc(SourceLocation L) { return locOf(L.isValid() ? SM.getFileLoc(L) : L); }

  /// Where a fact is: the expansion location, its path relative to the root.
  Location locOf(SourceLocation L) {
    Location Out;
    L = SM.getExpansionLoc(L);
    if (L.isInvalid())
      return Out;
    FileID FID = SM.getFileID(L);
    auto [It, New] = PathCache.try_emplace(FID);
    if (New) {
      OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
      It->second = FE ? Paths.map(FE->getName(), WorkingDir) : "<built-in>";
    }
    Out.File = It->second;
    Out.Line = SM.getExpansionLineNumber(L);
    Out.Column = SM.getExpansionColumnNumber(L);
    Out.Offset = SM.getFileOffset(L);
    return Out;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const PathMapper &Paths;
  std::string WorkingDir;
  Facts &Out;
  TuFact &Tu;
  std::vector<Owner> Owners;
  llvm::DenseMap<const Decl *, llvm::SmallVector<FlaggedAs, 1>> Flagged; // written key → rows
  std::unordered_map<unsigned, std::vector<std::string>> Instantiating; // file location → rows
  std::set<std::pair<std::string, unsigned>> InstantiatingCounted;
  llvm::DenseSet<const Expr *> ImplicitConversionCalls;
  llvm::DenseMap<const Decl *, uint32_t> FunctionCache;
  llvm::DenseMap<FileID, std::string> PathCache;
};

} // namespace

void collectFacts(ASTContext &Ctx, const std::vector<const Finding *> &Found,
                  const PathMapper &Paths, llvm::StringRef WorkingDir, Facts &Out,
                  TuFact &Tu) {
  Collector C(Ctx, Paths, WorkingDir, Out, Tu);
  C.addFindings(Found);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  C.finish();
}

} // namespace dispatch::scan
