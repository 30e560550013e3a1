// RUN: %check_dispatch_tidy --check-suffix=CXX20 %s dispatch-generic-copy %t-20 -- -std=c++20
// RUN: %check_dispatch_tidy --check-suffix=CXX17 %s dispatch-generic-copy %t-17 -- -std=c++17

namespace gnn {
struct Graph { int n = 0; };
struct GNNGraph : Graph { int graphs = 1; };

Graph deepcopy(const Graph &g) { return g; }
template <class T> T deepcopy(const T &x) { return x; }
// CHECK-MESSAGES-CXX20: :[[@LINE-1]]:22: warning: generic 'gnn::deepcopy(const T &)' accepts any type; it out-ranks a more specific overload at 1 call in this translation unit (a template's exact match beats a derived-to-base conversion); constrain it to the types it is meant for [dispatch-generic-copy]
// CHECK-MESSAGES-CXX17: :[[@LINE-2]]:22: warning: generic 'gnn::deepcopy(const T &)' accepts any type; it out-ranks {{.*}} [dispatch-generic-copy]

// No fix-it: constrained, the template would send 'g' below to the Graph
// overload, whose Graph result no longer initialises a GNNGraph.
int use() {
  GNNGraph g;
  GNNGraph h = deepcopy(g);
  // CHECK-MESSAGES-CXX20: :[[@LINE-1]]:16: note: this call takes 'deepcopy' instead of 'gnn::deepcopy(const Graph &)' (declared at generic-copy.cpp.tmp-20.cpp:[[@LINE-10]])
  // CHECK-MESSAGES-CXX17: :[[@LINE-2]]:16: note: this call takes 'deepcopy'
  Graph base = deepcopy(Graph{}); // the specific overload: exact
  int i = deepcopy(3);            // no specific overload: unaffected
  return h.graphs + base.n + i;
}

template <class T> T clone(T x) { return x; }
// CHECK-MESSAGES-CXX20: :[[@LINE-1]]:22: warning: generic 'gnn::clone(T)' accepts any type; constrain it to the types it is meant for [dispatch-generic-copy]
// CHECK-MESSAGES-CXX17: :[[@LINE-2]]:22: warning: generic 'gnn::clone(T)' accepts any type; constrain {{.*}} [dispatch-generic-copy]
int one = clone(1);

// Negative: constrained, several required parameters, other names, members.
template <class T> struct is_tensor { static constexpr bool value = false; };
template <class T, class = typename T::storage> T deepcopy(const T &, int) ;
template <class It, class Out> Out copy(It first, It last, Out out) { return out; }
template <class T> T duplicate(const T &x) { return x; }
struct Box {
  template <class T> T clone(const T &x) const { return x; }
};
} // namespace gnn
