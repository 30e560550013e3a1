// The overload oracle against clang's own resolution, on small snippets parsed
// by a frontend action whose consumer runs the test while ParseAST's Parser is
// alive — the situation inside clang-tidy. Also: reaching Sema that way, and
// not reaching it once parsing is over.
#include "TestAST.h"

#include "dispatch/AstNavigation.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/OverloadOracle.h"
#include "dispatch/SemaAccess.h"
#include "dispatch/TemplateFacts.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Sema/Sema.h"
#include "clang/Tooling/Tooling.h"

#include <functional>
#include <gtest/gtest.h>

using namespace clang;
using namespace dispatch;

namespace {

/// What a test sees while the TU's Parser and Sema are alive.
struct Live {
  ASTContext &Ctx;
  Sema &S;
  Preprocessor &PP;
};

using Body = std::function<void(Live &)>;

class Consumer : public ASTConsumer {
public:
  Consumer(CompilerInstance &CI, const Body &B) : CI(CI), B(B) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Live L{Ctx, CI.getSema(), CI.getPreprocessor()};
    B(L);
  }

private:
  CompilerInstance &CI;
  const Body &B;
};

class Action : public ASTFrontendAction {
public:
  explicit Action(Body B) : B(std::move(B)) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    return std::make_unique<Consumer>(CI, B);
  }

private:
  Body B;
};

void withLiveSema(const std::string &Code, const Body &B,
                  std::vector<std::string> Args = {"-std=c++20"}) {
  bool Ran = false;
  ASSERT_TRUE(tooling::runToolOnCodeWithArgs(
      std::make_unique<Action>([&](Live &L) {
        Ran = true;
        B(L);
      }),
      Code, Args, "main.cpp"));
  ASSERT_TRUE(Ran);
}

/// The Nth call site (in traversal order, instantiations included) whose
/// chosen function is named Name.
std::optional<CallSite> siteCalling(ASTContext &Ctx, const std::string &Name, unsigned Nth = 0) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool shouldVisitTemplateInstantiations() const { return true; }
    std::string Name;
    unsigned Nth;
    std::optional<CallSite> Found;
    bool consider(const Expr *E) {
      if (Found)
        return true;
      if (std::optional<CallSite> S = callSiteOf(E))
        if (S->Chosen->getNameAsString() == Name && Nth-- == 0)
          Found = S;
      return true;
    }
    bool VisitCallExpr(CallExpr *E) { return consider(E); }
    bool VisitCXXConstructExpr(CXXConstructExpr *E) { return consider(E); }
    bool VisitImplicitCastExpr(ImplicitCastExpr *E) { return consider(E); }
    bool VisitCXXRewrittenBinaryOperator(CXXRewrittenBinaryOperator *E) { return consider(E); }
  } F;
  F.Name = Name;
  F.Nth = Nth;
  F.TraverseAST(Ctx);
  if (!F.Found)
    ADD_FAILURE() << "no call site resolving to " << Name;
  return F.Found;
}

/// Without the template the site resolves to: "f(double)", "ambiguous", ...
std::string without(Live &L, OverloadOracle &O, const CallSite &Site) {
  const FunctionTemplateDecl *T = primaryTemplateOf(Site.Chosen);
  std::optional<Resolution> R = O.resolve(Site, enclosingCaller(Site.E, L.Ctx), [&](const FunctionDecl *F) {
    return T ? isSpecializationOf(F, T) : F == Site.Chosen;
  });
  if (!R)
    return "no claim";
  if (R->Result != Outcome::Function)
    return outcomeName(R->Result);
  return signatureOf(R->Function);
}

TEST(SemaAccess, ReachesTheParsersSemaWhileTheTranslationUnitIsHandled) {
  withLiveSema("int x;", [](Live &L) {
    EXPECT_EQ(semaFor(L.Ctx, &L.PP), &L.S);
    EXPECT_EQ(semaFor(L.Ctx, nullptr), nullptr); // no preprocessor, nothing registered
    {
      ScopedSemaRegistration Registered(L.S);
      EXPECT_EQ(semaFor(L.Ctx, nullptr), &L.S);
    }
    EXPECT_EQ(semaFor(L.Ctx, nullptr), nullptr);
  });
}

TEST(SemaAccess, NoSemaOnceParsingIsOver) {
  test::Parsed P = test::parse("int x;");
  ASSERT_TRUE(P.AST);
  EXPECT_EQ(semaFor(P.ctx(), &P.AST->getPreprocessor()), nullptr);
}

TEST(OverloadOracle, ReplaysWhatClangChoseAndAnswersWithoutTheTemplate) {
  withLiveSema(R"cpp(
    namespace gnn {
    struct Graph {};
    struct GNNGraph : Graph {};
    double scale(double x) { return x; }
    template <class T> T scale(T x) { return x; }
    Graph copy(const Graph &g) { return g; }
    template <class T> T copy(const T &x) { return x; }
    void emit(long) {}
    void emit(double) {}
    template <class T> void emit(T) {}
    void use() {
      scale(1.0f);      // without the template: scale(double)
      copy(GNNGraph{}); // copy(const Graph &)
      emit(1);          // ambiguous
      int *p = nullptr;
      copy(p);          // no viable function
    }
    }
  )cpp",
               [](Live &L) {
                 OverloadOracle O(L.S);
                 std::optional<CallSite> Scale = siteCalling(L.Ctx, "scale");
                 ASSERT_TRUE(Scale);
                 std::optional<Resolution> AsCompiled =
                     O.resolve(*Scale, enclosingCaller(Scale->E, L.Ctx));
                 ASSERT_TRUE(AsCompiled);
                 EXPECT_EQ(AsCompiled->Function, Scale->Chosen);
                 EXPECT_GE(AsCompiled->Candidates.size(), 2u);
                 EXPECT_EQ(without(L, O, *Scale), "gnn::scale(double)");
                 EXPECT_EQ(without(L, O, *siteCalling(L.Ctx, "copy", 0)),
                           "gnn::copy(const Graph &)");
                 EXPECT_EQ(without(L, O, *siteCalling(L.Ctx, "emit")), "ambiguous");
                 EXPECT_EQ(without(L, O, *siteCalling(L.Ctx, "copy", 1)), "no viable function");
                 EXPECT_EQ(O.unreproduced(), 0u);
               });
}

TEST(OverloadOracle, MembersOperatorsConstructorsConversions) {
  withLiveSema(R"cpp(
    namespace gnn {
    struct Graph {};
    struct GNNGraph : Graph {};
    struct Opts {
      void set(bool) {}
      template <class T> void set(T) {}
    };
    struct Log {};
    Log &operator<<(Log &l, const Graph &) { return l; }
    template <class T> Log &operator<<(Log &l, const T &) { return l; }
    struct NodeId {};
    bool operator==(const NodeId &, long) { return true; }
    template <class T> bool operator==(const NodeId &, const T &) { return false; }
    struct Tensor {
      Tensor() = default;
      Tensor(const Tensor &) {}
      template <class T> Tensor(const T &) {}
    };
    struct Features : Tensor {};
    struct Weight {
      operator double() const { return 0.5; }
      template <class T> operator T() const { return T(); }
    };
    void use() {
      Opts o;
      o.set(1);
      Log log;
      log << GNNGraph{};
      NodeId id;
      bool b = id != 3;     // rewritten: !(id == 3)
      Features f;
      Tensor t(f);
      Weight w;
      float x = w;
      (void)b; (void)t; (void)x;
    }
    }
  )cpp",
               [](Live &L) {
                 OverloadOracle O(L.S);
                 EXPECT_EQ(without(L, O, *siteCalling(L.Ctx, "set")), "gnn::Opts::set(bool)");
                 EXPECT_EQ(without(L, O, *siteCalling(L.Ctx, "operator<<")),
                           "gnn::operator<<(Log &, const Graph &)");
                 EXPECT_EQ(without(L, O, *siteCalling(L.Ctx, "operator==")),
                           "gnn::operator==(const NodeId &, long)");
                 EXPECT_EQ(without(L, O, *siteCalling(L.Ctx, "Tensor")),
                           "gnn::Tensor::Tensor(const Tensor &)");
                 std::optional<CallSite> Conv = siteCalling(L.Ctx, "operator float");
                 ASSERT_TRUE(Conv);
                 EXPECT_EQ(Conv->Kind, CallKind::Conversion);
                 EXPECT_EQ(without(L, O, *Conv), "gnn::Weight::operator double");
                 EXPECT_EQ(O.unreproduced(), 0u);
               });
}

TEST(OverloadOracle, SaysWhichConversionsEachViableCandidateGoesThrough) {
  withLiveSema(R"cpp(
    struct Box { Box(int) {} };
    struct Weight { operator double() const { return 1; } };
    void put(Box, long);
    void put(int, int);
    void scale(double);
    void scale(Weight);
    int operator+(Weight, int);
    void show(Box);
    void use(Weight w) {
      put(1, 2);     // put(Box, long) viable through Box(int), loses
      scale(w);      // scale(double) viable through operator double, loses
      (void)(w + 1); // the built-in double + int, likewise
      show(3);       // the winner goes through Box(int)
    }
  )cpp",
               [](Live &L) {
                 OverloadOracle O(L.S);
                 auto Named = [](const Resolution::Through &T) {
                   std::vector<std::string> Names;
                   for (const FunctionDecl *F : T)
                     Names.push_back(signatureOf(F));
                   return Names;
                 };
                 auto Losers = [&](const Resolution &R) {
                   std::vector<std::string> Names;
                   for (const Resolution::Candidate &C : R.Candidates)
                     if (C.Viable && C.Function != R.Function)
                       for (const std::string &N : Named(C.Conversions))
                         Names.push_back(signatureOf(C.Function) + " via " + N);
                   return Names;
                 };
                 std::optional<CallSite> Put = siteCalling(L.Ctx, "put");
                 std::optional<Resolution> R = O.resolve(*Put, enclosingCaller(Put->E, L.Ctx));
                 ASSERT_TRUE(R);
                 EXPECT_EQ(signatureOf(R->Function), "put(int, int)");
                 EXPECT_TRUE(R->BestConversions.empty());
                 EXPECT_EQ(Losers(*R), std::vector<std::string>{"put(Box, long) via Box::Box(int)"});

                 std::optional<CallSite> Scale = siteCalling(L.Ctx, "scale", 0);
                 R = O.resolve(*Scale, enclosingCaller(Scale->E, L.Ctx));
                 ASSERT_TRUE(R);
                 EXPECT_EQ(Losers(*R), std::vector<std::string>{
                                           "scale(double) via Weight::operator double"});

                 std::optional<CallSite> Plus = siteCalling(L.Ctx, "operator+");
                 R = O.resolve(*Plus, enclosingCaller(Plus->E, L.Ctx));
                 ASSERT_TRUE(R);
                 EXPECT_TRUE(R->BuiltinViable);
                 EXPECT_EQ(Named(R->BuiltinConversions),
                           std::vector<std::string>{"Weight::operator double"});

                 // A winner that goes through a conversion says so.
                 std::optional<CallSite> Show = siteCalling(L.Ctx, "show");
                 R = O.resolve(*Show, enclosingCaller(Show->E, L.Ctx));
                 ASSERT_TRUE(R);
                 EXPECT_EQ(Named(R->BestConversions), std::vector<std::string>{"Box::Box(int)"});
                 EXPECT_EQ(O.unreproduced(), 0u);
               });
}

TEST(OverloadOracle, CallsDeclaredLaterAreNotCandidates) {
  // The specific overload comes after the call: clang never saw it there,
  // and neither does the replay.
  withLiveSema(R"cpp(
    namespace gnn {
    struct Graph {};
    template <class T> int keep(const T &) { return 2; }
    int use() { return keep(Graph{}); }
    int keep(const Graph &) { return 1; }
    }
  )cpp",
               [](Live &L) {
                 OverloadOracle O(L.S);
                 EXPECT_EQ(without(L, O, *siteCalling(L.Ctx, "keep")), "no viable function");
               });
}

TEST(OverloadOracle, AFriendDeclarationIsSeenOnlyThroughItsClass) {
  // dlib's bigint: `friend operator<<` declared in the class, defined at
  // namespace scope after a call of `out << ' '`. Ordinary lookup at the call
  // cannot see the friend, and ADL of (ostream, char) does not look in Big:
  // no candidate there. At `out << b`, ADL of Big finds it.
  withLiveSema(R"cpp(
    namespace std { struct ostream {}; ostream &operator<<(ostream &, char); }
    namespace lib {
    struct Big {
      Big(unsigned) {}
      friend std::ostream &operator<<(std::ostream &, const Big &);
    };
    inline void save(const Big &b, std::ostream &out) {
      out << ' ';
      out << b;
    }
    std::ostream &operator<<(std::ostream &out, const Big &) { return out; }
    }
  )cpp",
               [](Live &L) {
                 OverloadOracle O(L.S);
                 auto Viable = [&](const CallSite &Site) {
                   std::vector<std::string> Names;
                   std::optional<Resolution> R =
                       O.resolve(Site, enclosingCaller(Site.E, L.Ctx));
                   if (R)
                     for (const Resolution::Candidate &C : R->Candidates)
                       if (C.Viable)
                         Names.push_back(signatureOf(C.Function));
                   return Names;
                 };
                 std::optional<CallSite> Char = siteCalling(L.Ctx, "operator<<", 0);
                 ASSERT_TRUE(Char);
                 EXPECT_EQ(Viable(*Char),
                           std::vector<std::string>{"std::operator<<(ostream &, char)"});
                 std::optional<CallSite> Own = siteCalling(L.Ctx, "operator<<", 1);
                 ASSERT_TRUE(Own);
                 EXPECT_EQ(Viable(*Own),
                           std::vector<std::string>{"lib::operator<<(std::ostream &, const Big &)"});
                 EXPECT_EQ(O.unreproduced(), 0u);
               });
}

TEST(OverloadOracle, MakesNoClaimWhenTheReplayDiffersAndStaysQuiet) {
  // A block-scope using-directive brings other::f(int) in; the replay does
  // not model block scopes, resolves elsewhere, and so claims nothing.
  withLiveSema(R"cpp(
    namespace other { void f(int) {} }
    void f(double) {}
    template <class T> void f(T) {}
    void use() {
      using namespace other;
      f(1);
    }
  )cpp",
               [](Live &L) {
                 OverloadOracle O(L.S);
                 std::optional<CallSite> Site = siteCalling(L.Ctx, "f");
                 ASSERT_TRUE(Site);
                 unsigned Errors = L.S.getDiagnostics().getClient()->getNumErrors();
                 unsigned Warnings = L.S.getDiagnostics().getClient()->getNumWarnings();
                 EXPECT_FALSE(O.resolve(*Site, enclosingCaller(Site->E, L.Ctx)).has_value());
                 EXPECT_EQ(O.unreproduced(), 1u);
                 EXPECT_EQ(L.S.getDiagnostics().getClient()->getNumErrors(), Errors);
                 EXPECT_EQ(L.S.getDiagnostics().getClient()->getNumWarnings(), Warnings);
               });
}

TEST(OverloadOracle, StopsAtItsBudget) {
  withLiveSema(R"cpp(
    double scale(double x) { return x; }
    template <class T> T scale(T x) { return x; }
    void use() { scale(1.0f); scale(2.0f); }
  )cpp",
               [](Live &L) {
                 OverloadOracle O(L.S, /*Budget=*/1);
                 std::optional<CallSite> First = siteCalling(L.Ctx, "scale", 0);
                 std::optional<CallSite> Second = siteCalling(L.Ctx, "scale", 1);
                 EXPECT_TRUE(O.resolve(*First, enclosingCaller(First->E, L.Ctx)).has_value());
                 EXPECT_TRUE(O.budgetSpent());
                 EXPECT_FALSE(O.resolve(*Second, enclosingCaller(Second->E, L.Ctx)).has_value());
               });
}

TEST(OverloadOracle, CudaCallerRulesComeFromSema) {
  // A __host__ overload is not a candidate in __global__ code; the
  // __device__ one is, and loses to the __host__ __device__ template.
  withLiveSema(R"cpp(
    #define __host__ __attribute__((host))
    #define __device__ __attribute__((device))
    #define __global__ __attribute__((global))
    __device__ float relu(float x) { return x; }
    template <class T> __host__ __device__ T relu(T x) { return x; }
    __host__ float sig(float x) { return x; }
    template <class T> __host__ __device__ T sig(T x) { return x; }
    __global__ void k(float *out, int v) { out[0] = relu(v) + sig(v); }
  )cpp",
               [](Live &L) {
                 OverloadOracle O(L.S);
                 EXPECT_EQ(without(L, O, *siteCalling(L.Ctx, "relu")), "relu(float)");
                 EXPECT_EQ(without(L, O, *siteCalling(L.Ctx, "sig")), "no viable function");
               },
               {"-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib",
                "--cuda-gpu-arch=sm_80", "-std=c++17"});
}

} // namespace
