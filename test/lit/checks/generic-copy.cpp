// RUN: %check_dispatch_tidy --check-suffix=CXX20 %s dispatch-generic-copy %t-20 -- -std=c++20
// RUN: %check_dispatch_tidy --check-suffix=CXX17 %s dispatch-generic-copy %t-17 \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=CXX20 %s dispatch-generic-copy,dispatch-hijacked-call %t-both -- -std=c++20
// A generic copy is reported where it takes a call from a specific overload
// (a note, not also a dispatch-hijacked-call warning: third run); one whose
// calls would find no other overload without it is latent (the C++17 run).

namespace gnn {
struct Graph { int n = 0; };
struct GNNGraph : Graph { int graphs = 1; };

Graph deepcopy(const Graph &g) { return g; }
template <class T> T deepcopy(const T &x) { return x; }
// CHECK-NOTES-CXX20: :[[@LINE-1]]:22: warning: generic 'gnn::deepcopy(const T &)' accepts any type [dispatch-generic-copy]
// CHECK-NOTES-CXX20: :[[@LINE-2]]:22: note: it takes 1 call in this translation unit from a more specific overload
// CHECK-NOTES-CXX20: :25:16: note: this call resolves to the template
// CHECK-NOTES-CXX20: :13:7: note: without the template, the call would resolve to 'gnn::deepcopy(const Graph &)'
// CHECK-MESSAGES-CXX17: :[[@LINE-5]]:22: warning: generic 'gnn::deepcopy(const T &)' accepts any type [dispatch-generic-copy]

// No fix-it: constrained, the template would send 'g' below to the Graph
// overload, whose Graph result no longer initialises a GNNGraph.
int use() {
  GNNGraph g;
  GNNGraph h = deepcopy(g);
  Graph base = deepcopy(Graph{}); // the specific overload: exact
  int i = deepcopy(3);            // no specific overload: unaffected
  return h.graphs + base.n + i;
}

template <class T> T clone(T x) { return x; }
// CHECK-MESSAGES-CXX17: :[[@LINE-1]]:22: warning: generic 'gnn::clone(T)' accepts any type [dispatch-generic-copy]
int one = clone(1);

// The family by name pattern, any parameter shape, static member templates.
template <class T> T copy_to(T &&x) { return x; }
// CHECK-MESSAGES-CXX17: :[[@LINE-1]]:22: warning: generic 'gnn::copy_to(T &&)' {{.*}} [dispatch-generic-copy]
template <class T> T *clone_raw(const T *p) { return new T(*p); }
// CHECK-MESSAGES-CXX17: :[[@LINE-1]]:23: warning: generic 'gnn::clone_raw(const T *)' {{.*}} [dispatch-generic-copy]
struct Store {
  template <class T> static T share_copy(const T &x) { return x; }
  // CHECK-MESSAGES-CXX17: :[[@LINE-1]]:31: warning: generic 'gnn::Store::share_copy(const T &)' {{.*}} [dispatch-generic-copy]
};
int two = copy_to(2) + *clone_raw(&one) + Store::share_copy(3);

// A source and a destination, each of any type: the template takes the
// copy of a derived object from the overload for its base.
struct View { float *p = nullptr; };
void copy_into(const Graph &, View &) {}
template <class Src, class Dst> void copy_into(const Src &, Dst &) {}
// CHECK-NOTES-CXX20: :[[@LINE-1]]:38: warning: generic 'gnn::copy_into(const Src &, Dst &)' accepts any type [dispatch-generic-copy]
// CHECK-NOTES-CXX20: :[[@LINE-2]]:38: note: it takes 1 call in this translation unit from a more specific overload
// CHECK-NOTES-CXX20: :[[@LINE+5]]:3: note: this call resolves to the template
// CHECK-NOTES-CXX20: :[[@LINE-5]]:6: note: without the template, the call would resolve to 'gnn::copy_into(const Graph &, View &)'
// CHECK-MESSAGES-CXX17: :[[@LINE-5]]:38: warning: generic 'gnn::copy_into(const Src &, Dst &)' accepts any type [dispatch-generic-copy]
// CopyFunctions is matched as a glob: `copy_*` covers copy_into.
void save(const GNNGraph &g, View &v) {
  copy_into(g, v);
}

// Negative: constrained, several required parameters, other names,
// non-static members, a pattern parameter.
template <class T> struct is_tensor { static constexpr bool value = false; };
template <class T, class = typename T::storage> T deepcopy(const T &, int) ;
template <class It, class Out> Out copy(It first, It last, Out out) { return out; }
template <class T> T duplicate(const T &x) { return x; }
template <class T> struct Vec {};
template <class T> Vec<T> copy_vec(const Vec<T> &v) { return v; }
struct Box {
  template <class T> T clone(const T &x) const { return x; }
};
} // namespace gnn
