// RUN: %check_dispatch_tidy --check-suffix=HIJACK %s dispatch-hijacked-call %t-hijack -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=UNCONSTRAINED %s dispatch-unconstrained-operator %t-unconstrained -- -std=c++17
// A call written in a template is one call per function it resolves to, not
// one per specialisation holding it: the non-dependent `visit(g)` is the
// same call in the pattern and in each of run's three specialisations (SNAP's
// ds.h: one hijacked comparison counted 21 times, its notes repeated). A
// dependent call is a hijack only where the overload is viable: each<Graph>.

namespace gnn {
struct Graph {};
void visit(const Graph &) {}
template <class T> void visit(T &) {}
// CHECK-NOTES-UNCONSTRAINED: :[[@LINE-1]]:25: warning: unconstrained template 'gnn::visit(T &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-UNCONSTRAINED: :[[@LINE-2]]:25: note: viable at 4 calls in this translation unit and chosen at 4

template <class T> void run(T) {
  Graph g;
  visit(g);
  // CHECK-NOTES-HIJACK: :[[@LINE-1]]:3: warning: call to 'visit' resolves to the unconstrained template 'gnn::visit(T &)' although a more specific overload is viable [dispatch-hijacked-call]
  // CHECK-NOTES-HIJACK: :12:25: note: the template the call resolves to
  // CHECK-NOTES-HIJACK: :11:6: note: without the template, the call would resolve to 'gnn::visit(const Graph &)'
  // CHECK-NOTES-UNCONSTRAINED: :[[@LINE-4]]:3: note: this call resolves to the template (with T = gnn::Graph)
  // CHECK-NOTES-UNCONSTRAINED: :11:6: note: without the template, the call would resolve to 'gnn::visit(const Graph &)'
}

template <class T> void each(T t) { visit(t); }
// CHECK-NOTES-HIJACK: :[[@LINE-1]]:37: warning: call to 'visit' resolves to the unconstrained template 'gnn::visit(T &)' although a more specific overload is viable [dispatch-hijacked-call]
// CHECK-NOTES-HIJACK: :12:25: note: the template the call resolves to
// CHECK-NOTES-HIJACK: :11:6: note: without the template, the call would resolve to 'gnn::visit(const Graph &)'
// CHECK-NOTES-UNCONSTRAINED: :[[@LINE-4]]:37: note: this call resolves to the template (with T = gnn::Graph)
// CHECK-NOTES-UNCONSTRAINED: :11:6: note: without the template, the call would resolve to 'gnn::visit(const Graph &)'
// CHECK-NOTES-UNCONSTRAINED: :[[@LINE-6]]:37: note: this call resolves to the template (with T = int)
// CHECK-NOTES-UNCONSTRAINED: :[[@LINE-7]]:37: note: without the template, the call would have no viable function
// CHECK-NOTES-UNCONSTRAINED: :12:25: note: and 1 more call it wins in this translation unit

// Without the template, a call goes to another template's specialisation:
// named by its template, not by a signature a non-template twin could have.
template <class T> struct Box {};
template <class T> void draw(T &) {}
// CHECK-NOTES-UNCONSTRAINED: :[[@LINE-1]]:25: warning: unconstrained template 'gnn::draw(T &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-UNCONSTRAINED: :[[@LINE-2]]:25: note: viable at 1 call in this translation unit and chosen at 1
template <class T> void draw(const Box<T> &) {}
void paint() {
  Box<int> b;
  draw(b);
  // CHECK-NOTES-HIJACK: :[[@LINE-1]]:3: warning: call to 'draw' resolves to the unconstrained template 'gnn::draw(T &)' although a more specific overload is viable [dispatch-hijacked-call]
  // CHECK-NOTES-HIJACK: :[[@LINE-8]]:25: note: the template the call resolves to
  // CHECK-NOTES-HIJACK: :[[@LINE-6]]:25: note: without the template, the call would resolve to the template 'gnn::draw(const Box<T> &)' (with T = int)
  // CHECK-NOTES-UNCONSTRAINED: :[[@LINE-4]]:3: note: this call resolves to the template (with T = gnn::Box<int>)
  // CHECK-NOTES-UNCONSTRAINED: :[[@LINE-8]]:25: note: without the template, the call would resolve to the template 'gnn::draw(const Box<T> &)' (with T = int)
}

void f() {
  run(1);
  run(2.0);
  run('c');
  each(1);
  each(Graph{});
  each(2.0);
}
} // namespace gnn
