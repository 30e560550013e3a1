// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17 -isystem %inputs/system

#include <fake_std.h>

namespace gnn {

// Ubiquitous: from an arithmetic type. Every use site gets rewritten.
struct IndexKind {
  IndexKind(int v) : v(v) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'gnn::IndexKind::IndexKind(int)' makes 'int' implicitly convertible to 'gnn::IndexKind' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit IndexKind(int v) : v(v) {}
  int v;
};

// Templated conversion operator: the widest kind.
struct Label {
  template <class S> operator S() const { return S(); }
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: conversion operator 'gnn::Label::operator S' makes 'gnn::Label' implicitly convertible to any type [templated] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  template <class S> explicit operator S() const { return S(); }
};

// Ordinary: between two project types. A conversion to bool used only as
// a condition is latent: `explicit` keeps every such use.
struct Mask {};
struct Edge {
  operator Mask() const { return {}; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'gnn::Edge::operator Mask' makes 'gnn::Edge' implicitly convertible to 'gnn::Mask' [ordinary] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit operator Mask() const { return {}; }
  operator bool() const { return true; }
  // CHECK-FIXES: {{^}}  operator bool() const { return true; }
};

void launch(IndexKind k);
void use(const IndexKind &k);
void mask(Mask m);
IndexKind make() { return 3; }
// CHECK-FIXES: {{^}}IndexKind make() { return IndexKind(3); }

void run() {
  launch(4);
  // CHECK-FIXES: {{^}}  launch(IndexKind(4));
  use(5);
  // CHECK-FIXES: {{^}}  use(IndexKind(5));
  IndexKind a = 6;
  // CHECK-FIXES: {{^}}  IndexKind a = IndexKind(6);
  IndexKind b(7), c{8}, d = IndexKind(9); // direct forms stay as they are
  // CHECK-FIXES: {{^}}  IndexKind b(7), c{8}, d = IndexKind(9); // direct forms stay as they are
  Label l;
  std::string s = l;
  // CHECK-FIXES: {{^}}  std::string s = static_cast<std::string>(l);
  Edge e;
  mask(e);
  // CHECK-FIXES: {{^}}  mask(static_cast<Mask>(e));
  if (e && !e) {
  }
  // CHECK-FIXES: {{^}}  if (e && !e) {
}

// Not reported: explicit, deleted, copy/move, initializer-list, multi-argument.
struct Quiet {
  explicit Quiet(int);
  Quiet(double) = delete;
  Quiet(const Quiet &);
  Quiet(Quiet &&);
  Quiet(std::initializer_list<int>);
  Quiet(int, int);
  explicit operator int() const;
  Quiet(const Quiet &, int = 0, int = 1);
};

// A constructor template whose parameter is a pattern (only the Base family
// fits) is an ordinary conversion, not a templated one; a dependent
// initializer_list is still an initializer-list constructor. Nothing uses
// them: latent, not reported (latent.cpp shows them with ReportLatent).
template <class Derived> struct Base {};
template <class T> struct Matrix {
  template <class D> Matrix(const Base<D> &) {}
  Matrix(std::initializer_list<T>) {}
};

// A member of a class template taking a standard container of the class's
// own parameter: `std::vector<T>` is a standard container whatever T is.
template <class T> struct SmallVec {
  SmallVec(const std::vector<T> &) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'gnn::SmallVec::SmallVec(const std::vector<T> &)' makes 'std::vector<T>' implicitly convertible to 'gnn::SmallVec<T>' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit SmallVec(const std::vector<T> &) {}
};
// A pointer to the class's parameter is a raw pointer whatever T is.
template <class T> struct Borrowed {
  Borrowed(T *p) : p(p) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'gnn::Borrowed::Borrowed(T *)' makes 'T *' implicitly convertible to 'gnn::Borrowed<T>' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit Borrowed(T *p) : p(p) {}
  T *p;
};
int deref(Borrowed<int> b) { return *b.p; }
int borrow(int *p) { return deref(p); }
// CHECK-FIXES: {{^}}int borrow(int *p) { return deref(Borrowed<int>(p)); }
bool same(const SmallVec<int> &, const SmallVec<int> &);
bool compare(const std::vector<int> &v, const SmallVec<int> &s) { return same(v, s); }
// CHECK-FIXES: {{^}}bool compare(const std::vector<int> &v, const SmallVec<int> &s) { return same(SmallVec<int>(v), s); }

} // namespace gnn
