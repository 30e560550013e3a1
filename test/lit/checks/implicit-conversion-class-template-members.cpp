// Constrained conversion templates that are members of class templates
// (xtensor's sequence_view::operator T, xfunction's and xvectorizer's
// constructors): their constraints are judged on a specialisation of the
// class the translation unit made, so one that admits everyday types is
// [templated], one that admits a single type stays [ordinary], and a class
// template nobody specialised keeps its constraint ([ordinary]).
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-implicit-conversion %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

// Any type with begin(): std::string, std::vector<int>, ...
template <class E>
struct SequenceView {
  template <class T, class R = decltype(std::declval<T>().begin())>
  operator T() const { return T(); }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'SequenceView::operator T' makes 'SequenceView<E>' implicitly convertible to any type [templated] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit operator T() const { return T(); }
};

// Any type but the class itself (and its derived classes).
template <class F>
struct Function {
  template <class Func, class U = std::enable_if_t<!std::is_base_of<std::decay_t<Func>, Function>::value>>
  Function(Func &&f) : f_(0) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'Function::Function(Func &&)' makes any type implicitly convertible to 'Function<F>' [templated] [dispatch-implicit-conversion]
  int f_;
};

// std::string alone: a real constraint.
template <class E>
struct Named {
  template <class T, class = std::enable_if_t<std::is_same<T, std::string>::value>>
  operator T() const { return T(); }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'Named::operator T' makes 'Named<E>' implicitly convertible to any type its constraint admits [ordinary] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit operator T() const { return T(); }
};

// Exactly its alternatives (dlib's type_safe_union): the class's own type
// arguments are no evidence of breadth, though here they are everyday types.
template <class... Ts>
struct Variant {
  template <class T, class = std::enable_if_t<(std::is_same<std::decay_t<T>, Ts>::value || ...)>>
  Variant(T &&) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'Variant::Variant(T &&)' makes any type its constraint admits implicitly convertible to 'Variant<Ts...>' [ordinary] [dispatch-implicit-conversion]
};
void take(Variant<int, std::string>);
void variants() { take(1); take(std::string("x")); }

// Never specialised in this TU: nothing to judge the constraint on (and
// no use: latent).
template <class E>
struct Unused {
  template <class T, class R = decltype(std::declval<T>().begin())>
  operator T() const { return T(); }
  // CHECK-MESSAGES-LATENT: :[[@LINE-1]]:3: warning: conversion operator 'Unused::operator T' makes 'Unused<E>' implicitly convertible to any type its constraint admits [ordinary] [dispatch-implicit-conversion]
  // CHECK-FIXES-LATENT: {{^}}  explicit operator T() const { return T(); }
};

std::vector<int> use(const SequenceView<int> &s, const Named<int> &n) {
  std::string t = n;
  // CHECK-FIXES: {{^}}  std::string t = static_cast<std::string>(n);
  std::vector<int> v = s;
  // CHECK-FIXES: {{^}}  std::vector<int> v = static_cast<std::vector<int>>(s);
  Function<int> f = 3;
  (void)f;
  (void)t;
  return v;
}
