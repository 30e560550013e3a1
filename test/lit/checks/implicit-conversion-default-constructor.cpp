// A converting constructor whose parameters all have defaults is the default
// constructor too: `explicit` would also reject copy-list-initialisation
// from empty braces (`P p = {};`, `return {};`, `take({})`: "chosen
// constructor is explicit in copy-initialization"). The fix rewrites those
// as `P{}`; they are no use of the conversion (dynet's
// `ParameterInitNormal(float m = 0, float v = 1)`). The fixed file is
// compiled.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17

namespace gnn {
struct Normal {
  Normal(float m = 0, float v = 1) : m(m), v(v) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'gnn::Normal::Normal(float, float)' makes 'float' implicitly convertible to 'gnn::Normal' [{{.*}}]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'gnn::Normal' now also accepts 'float'{{.*}}
  // CHECK-NOTES: :29:14: note: used implicitly here
  // CHECK-FIXES: {{^}}  explicit Normal(float m = 0, float v = 1) : m(m), v(v) {}
  float m, v;
};

Normal make() { return {}; }
// CHECK-FIXES: {{^}}Normal make() { return Normal{}; }
void take(Normal);
void init() {
  Normal p = {};
  // CHECK-FIXES: {{^}}  Normal p = Normal{};
  Normal q{};
  take({});
  // CHECK-FIXES: {{^}}  take(Normal{});
  Normal r = 0.5f;
  // CHECK-FIXES: {{^}}  Normal r = Normal(0.5f);
  (void)p, (void)q, (void)r;
}

// Several values in braces (OGDF's `return {m_pGraph, v->firstAdj()}`
// through `GraphAdjIterator(Graph * = nullptr, adjEntry = nullptr)`) convert
// no one value: no use (only `return a` is noted), yet rewritten, since
// `explicit` rejects the braces.
struct Pair {
  Pair(int *first = nullptr, int *second = nullptr) : first(first), second(second) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'gnn::Pair::Pair(int *, int *)' makes 'int *' implicitly convertible to 'gnn::Pair' [{{.*}}]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'gnn::Pair' now also accepts 'int *'{{.*}}
  // CHECK-NOTES: :[[@LINE+6]]:27: note: used implicitly here
  // CHECK-FIXES: {{^}}  explicit Pair(int *first = nullptr, int *second = nullptr) : first(first), second(second) {}
  int *first, *second;
};
Pair both(int *a, int *b) { return {a, b}; }
// CHECK-FIXES: {{^}}Pair both(int *a, int *b) { return Pair{a, b}; }
Pair one(int *a) { return a; }
// CHECK-FIXES: {{^}}Pair one(int *a) { return Pair(a); }
} // namespace gnn
