// RUN: %check_dispatch_tidy %s dispatch-hijacked-call %t -- -std=c++17

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
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: call to 'deepcopy' resolves to the unconstrained template 'gnn::deepcopy(const T &)' (hijacked-call.cpp.tmp.cpp:8) although 'gnn::deepcopy(const Graph &)' (hijacked-call.cpp.tmp.cpp:7) was viable through a derived-to-base conversion; the template's exact match hijacks the call; constrain the template or call the intended overload explicitly [dispatch-hijacked-call]
  // CHECK-MESSAGES: :7:7: note: the overload the call skipped
  float f = scale(1.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: call to 'scale' resolves to the unconstrained template 'gnn::scale(T)' {{.*}} although 'gnn::scale(double)' {{.*}} was viable through a promotion{{.*}} [dispatch-hijacked-call]
  // CHECK-MESSAGES: :10:8: note: the overload the call skipped
  (void)c;
  (void)f;
}

// Negative: the non-template is an exact match (it wins), the template is
// constrained, the non-template is not viable, or it is not visible.
template <class T, class = typename T::is_tensor> T norm(const T &x) { return x; }
Graph norm(const Graph &g) { return g; }
void quiet() {
  Graph g;
  deepcopy(g);          // exact: the non-template wins
  scale(2.0);           // exact
  norm(GNNGraph{});     // constrained template not viable: resolves to norm(const Graph&)
  int *p = nullptr;
  deepcopy(p);          // no non-template accepts int*
  deepcopy<GNNGraph>(GNNGraph{}); // a template-id: non-templates are no candidates
}
Graph snapshot(const Graph &g) { return g; }
} // namespace gnn
namespace other {
template <class T> T snapshot(const T &x) { return x; }
// ADL finds gnn::snapshot(const Graph&) too; the template still wins.
void f() { snapshot(gnn::GNNGraph{}); }
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: call to 'snapshot' resolves to the unconstrained template 'other::snapshot(const T &)'{{.*}} although 'gnn::snapshot(const Graph &)'{{.*}} [dispatch-hijacked-call]
// CHECK-MESSAGES: :[[@LINE-7]]:7: note: the overload the call skipped
} // namespace other
