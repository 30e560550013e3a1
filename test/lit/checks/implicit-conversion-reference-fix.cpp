// A conversion to a reference (OGDF's `OrthoRep::operator const Graph &`,
// `CombinatorialEmbedding::operator Graph &`) is rewritten to a cast to that
// reference: `static_cast<Graph>(x)` would copy the graph, and a function
// returning `const Graph &` would return a reference to the copy
// (-Werror=return-stack-address makes that fix fail to compile here).
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17 -Werror=return-stack-address

namespace gnn {
struct Graph {
  int nodes = 0;
};

class View {
public:
  operator const Graph &() const { return G; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'gnn::View::operator const Graph &' {{.*}} [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit operator const Graph &() const { return G; }
private:
  Graph G;
};

class Embedding {
public:
  operator Graph &() { return G; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'gnn::Embedding::operator Graph &' {{.*}} [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit operator Graph &() { return G; }
private:
  Graph G;
};

int count(const Graph &g) { return g.nodes; }
void grow(Graph &g) { ++g.nodes; }

const Graph &graphOf(const View &v) { return v; }
// CHECK-FIXES: {{^}}const Graph &graphOf(const View &v) { return static_cast<const Graph &>(v); }

int use(const View &v, Embedding &e) {
  const Graph &g = v;
  // CHECK-FIXES: {{^}}  const Graph &g = static_cast<const Graph &>(v);
  grow(e);
  // CHECK-FIXES: {{^}}  grow(static_cast<Graph &>(e));
  return count(v) + g.nodes;
  // CHECK-FIXES: {{^}}  return count(static_cast<const Graph &>(v)) + g.nodes;
}
} // namespace gnn
