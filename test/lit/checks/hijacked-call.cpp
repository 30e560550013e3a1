// RUN: %check_dispatch_tidy %s dispatch-hijacked-call %t -- -std=c++20 -isystem %inputs/system
// Every claim here is also judged by the compiler (ctest counterfactual_checks):
// the call resolves elsewhere once the template is deleted.

#include <fake_std.h>

namespace gnn {
struct Graph { int n = 0; };
struct GNNGraph : Graph {};

Graph deepcopy(const Graph &g) { return g; }
template <class T> T deepcopy(const T &x) { return x; }

double scale(double x) { return x; }
template <class T> T scale(T x) { return x; }

void run() {
  GNNGraph g;
  auto c = deepcopy(g);
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: call to 'deepcopy' resolves to the unconstrained template 'gnn::deepcopy(const T &)' although a more specific overload is viable [dispatch-hijacked-call]
  // CHECK-NOTES: :12:22: note: the template the call resolves to
  // CHECK-NOTES: :11:7: note: without the template, the call would resolve to 'gnn::deepcopy(const Graph &)'
  float f = scale(1.0f);
  // CHECK-NOTES: :[[@LINE-1]]:13: warning: call to 'scale' resolves to the unconstrained template 'gnn::scale(T)' although {{.*}} [dispatch-hijacked-call]
  // CHECK-NOTES: :15:22: note: the template the call resolves to
  // CHECK-NOTES: :14:8: note: without the template, the call would resolve to 'gnn::scale(double)'
  (void)c;
  (void)f;
}

// Member templates, pointers to a base, forwarding references, conversions
// the skipped overload needs, constructors, operators.
struct Opts {
  void set(bool) {}
  template <class T> void set(T) {}
};
struct Layer {};
struct Dense : Layer {};
int attach(Layer *) { return 1; }
template <class T> int attach(T *) { return 2; }
int keep(const Graph &) { return 1; }
template <class T> int keep(T &&) { return 2; }
int label(const std::string &) { return 1; }
template <class T> int label(T &&) { return 2; }
struct Tensor {
  Tensor() = default;
  Tensor(const Tensor &) {}
  template <class T> Tensor(const T &) {}
};
struct Features : Tensor {};
struct Log {};
Log &operator<<(Log &l, const Graph &) { return l; }
template <class T> Log &operator<<(Log &l, const T &) { return l; }

void kinds() {
  Opts o;
  o.set(1);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: call to 'set' resolves to the unconstrained template 'gnn::Opts::set(T)' although {{.*}} [dispatch-hijacked-call]
  // CHECK-NOTES: :35:27: note: the template the call resolves to
  // CHECK-NOTES: :34:8: note: without the template, the call would resolve to 'gnn::Opts::set(bool)'
  Dense d;
  attach(&d);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: call to 'attach' resolves to the unconstrained template 'gnn::attach(T *)' although {{.*}} [dispatch-hijacked-call]
  // CHECK-NOTES: :40:24: note: the template the call resolves to
  // CHECK-NOTES: :39:5: note: without the template, the call would resolve to 'gnn::attach(Layer *)'
  Graph g;
  keep(g);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: call to 'keep' resolves to the unconstrained template 'gnn::keep(T &&)' although {{.*}} [dispatch-hijacked-call]
  // CHECK-NOTES: :42:24: note: the template the call resolves to
  // CHECK-NOTES: :41:5: note: without the template, the call would resolve to 'gnn::keep(const Graph &)'
  label("gcn");
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: call to 'label' resolves to the unconstrained template 'gnn::label(T &&)' although {{.*}} [dispatch-hijacked-call]
  // CHECK-NOTES: :44:24: note: the template the call resolves to
  // CHECK-NOTES: :43:5: note: without the template, the call would resolve to 'gnn::label(const std::string &)'
  Features x;
  Tensor t(x);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: call to 'Tensor' resolves to the unconstrained template 'gnn::Tensor::Tensor(const T &)' although {{.*}} [dispatch-hijacked-call]
  // CHECK-NOTES: :48:22: note: the template the call resolves to
  // CHECK-NOTES: :47:3: note: without the template, the call would resolve to 'gnn::Tensor::Tensor(const Tensor &)'
  Log log;
  log << d;
  // Dense is no Graph: the template is the only candidate, nothing skipped.
  log << GNNGraph{};
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: call to 'operator<<' resolves to the unconstrained template 'gnn::operator<<(Log &, const T &)' although {{.*}} [dispatch-hijacked-call]
  // CHECK-NOTES: :53:25: note: the template the call resolves to
  // CHECK-NOTES: :52:6: note: without the template, the call would resolve to 'gnn::operator<<(Log &, const Graph &)'
  (void)t;
}

// Negative: the non-template is an exact match (it wins), the template is
// constrained, the non-template is not viable, a template-id names templates
// only, or without the template the call would be ambiguous.
template <class T, class = typename T::is_tensor> T norm(const T &x) { return x; }
Graph norm(const Graph &g) { return g; }
void emit(long) {}
void emit(double) {}
template <class T> void emit(T) {}
void quiet() {
  Graph g;
  deepcopy(g);          // exact: the non-template wins
  scale(2.0);           // exact
  norm(GNNGraph{});     // constrained template not viable: resolves to norm(const Graph&)
  int *p = nullptr;
  deepcopy(p);          // no non-template accepts int*
  deepcopy<GNNGraph>(GNNGraph{}); // a template-id: non-templates are no candidates
  emit(1);              // without the template: emit(long) or emit(double)? ambiguous
}
Graph snapshot(const Graph &g) { return g; }
} // namespace gnn
namespace other {
template <class T> T snapshot(const T &x) { return x; }
// ADL finds gnn::snapshot(const Graph&) too; the template still wins.
void f() { snapshot(gnn::GNNGraph{}); }
// CHECK-NOTES: :[[@LINE-1]]:12: warning: call to 'snapshot' resolves to the unconstrained template 'other::snapshot(const T &)'{{.*}} [dispatch-hijacked-call]
// CHECK-NOTES: :[[@LINE-4]]:22: note: the template the call resolves to
// CHECK-NOTES: :[[@LINE-8]]:7: note: without the template, the call would resolve to 'gnn::snapshot(const Graph &)'
} // namespace other

// Copy-initialisation from another type is a user-defined conversion: the
// greedy constructor template takes it from the converting constructor
// (held-out set: a non-const std::vector<float> passed to `forward(const
// Tensor &)` binds better to `Range &&` than to `const std::vector<float> &`).
namespace conv {
struct Values { float v[2]; };
struct Tensor {
  Tensor(const Values &) {}
  template <class Range> Tensor(Range &&) {}
};
int forward(const Tensor &) { return 0; }
int run(Values &mutable_values, const Values &fixed) {
  int a = forward(mutable_values);
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: call to 'Tensor' resolves to the unconstrained template 'conv::Tensor::Tensor(Range &&)' although a more specific overload is viable [dispatch-hijacked-call]
  // CHECK-NOTES: :[[@LINE-6]]:26: note: the template the call resolves to
  // CHECK-NOTES: :[[@LINE-8]]:3: note: without the template, the call would resolve to 'conv::Tensor::Tensor(const Values &)'
  Tensor t = mutable_values;
  // CHECK-NOTES: :[[@LINE-1]]:14: warning: call to 'Tensor' resolves to the unconstrained template 'conv::Tensor::Tensor(Range &&)' although a more specific overload is viable [dispatch-hijacked-call]
  // CHECK-NOTES: :[[@LINE-10]]:26: note: the template the call resolves to
  // CHECK-NOTES: :[[@LINE-12]]:3: note: without the template, the call would resolve to 'conv::Tensor::Tensor(const Values &)'
  int b = forward(fixed); // const: the converting constructor wins
  return a + b;
}
} // namespace conv

// `a != b` rewritten to `!(a == b)` with the `operator==` template found by
// unqualified lookup only (not by ADL): the replay looks up `operator==` for
// `!=` too, as Sema does in C++20.
namespace ids {
struct NodeIndex {
  long v;
  bool operator==(long other) const { return v == other; }
};
} // namespace ids
namespace loader {
template <class T> bool operator==(const ids::NodeIndex &a, const T &b) { return a.v == b; }
bool differs(const ids::NodeIndex &n, int raw) {
  return n != raw;
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: call to 'operator==' resolves to the unconstrained template 'loader::operator==(const ids::NodeIndex &, const T &)' although a more specific overload is viable [dispatch-hijacked-call]
  // CHECK-NOTES: :[[@LINE-4]]:25: note: the template the call resolves to
  // CHECK-NOTES: :[[@LINE-9]]:8: note: without the template, the call would resolve to 'ids::NodeIndex::operator==(long)'
}
} // namespace loader
