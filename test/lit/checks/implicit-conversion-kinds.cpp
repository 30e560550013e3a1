// Which constructors are implicit conversions, and how broad (reproducers from
// real code: shared/repros abstract_converting_ctor.cpp,
// nested_initializer_list_alias.cpp, constrained_operator_T_rank.cpp).
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17

#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

namespace gnn {

// Abstract: no temporary of it can exist, so nothing converts to it.
struct Sel {};
struct Scanner {
  Scanner(bool store_pairs = false, const Sel *sel = nullptr) : store_pairs(store_pairs) {}
  virtual ~Scanner() = default;
  virtual float distance(const unsigned char *code) const = 0;
  bool store_pairs;
};
struct FlatScanner : Scanner {
  FlatScanner() : Scanner(true) {}
  float distance(const unsigned char *) const override { return 0; }
};
float scan(const Scanner &s) { return s.distance(nullptr); }
float run_scan() { return scan(FlatScanner()); }

// std::initializer_list spelled through a dependent alias template is still
// an initializer-list constructor.
template <class T, unsigned I> struct nested_init {
  using type = std::initializer_list<typename nested_init<T, I - 1>::type>;
};
template <class T> struct nested_init<T, 0> { using type = T; };
template <class T, unsigned I> using nested_init_t = typename nested_init<T, I>::type;
template <class T> struct Arr {
  using value_type = T;
  Arr(nested_init_t<value_type, 1>) {}
  Arr(nested_init_t<value_type, 2>) {}
};
Arr<int> a = {1, 2, 3};
Arr<int> b = {{1, 2}, {3, 4}};

// A conversion to any class type (enable_if<is_class<T>>) is as broad as an
// unconstrained one: [templated], and the target is said in words, never 'T'.
// (Judged by deduction against the ConstraintPanel types this TU has:
// std::string and std::vector<int> are class types it admits.)
std::vector<int> ids;
struct ArgValue {
  template <typename T, typename = typename std::enable_if<std::is_class<T>::value>::type>
  operator T() const { return T(); }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'gnn::ArgValue::operator T' makes 'gnn::ArgValue' implicitly convertible to any type [templated] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit operator T() const { return T(); }
};
std::string name(const ArgValue &v) {
  std::string s = v;
  // CHECK-FIXES: {{^}}  std::string s = static_cast<std::string>(v);
  return s;
}

// A constraint that excludes everyday types keeps it a narrow conversion
// ([ordinary]), still never named by its parameter.
struct Tag {};
struct Narrow {
  template <typename T, typename = std::enable_if_t<std::is_same<T, Tag>::value>>
  operator T() const { return T(); }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'gnn::Narrow::operator T' makes 'gnn::Narrow' implicitly convertible to any type its constraint admits [ordinary] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit operator T() const { return T(); }
};
void tag(Tag);
void use_narrow(const Narrow &n) { tag(n); }
// CHECK-FIXES: {{^}}void use_narrow(const Narrow &n) { tag(static_cast<Tag>(n)); }

// A conversion to a pointer to any type (ncnn's `Mat::operator T*()`):
// `double *d = blob` compiles as readily as `float *f = blob`. Said in words,
// never 'T *', and as broad as a conversion to any type.
struct Blob {
  template <typename T>
  operator T *() { return (T *)data; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'gnn::Blob::operator T *' makes 'gnn::Blob' implicitly convertible to any pointer type [templated] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit operator T *() { return (T *)data; }
  template <typename T>
  operator const T *() const { return (const T *)data; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'gnn::Blob::operator const T *' makes 'gnn::Blob' implicitly convertible to any pointer to const [templated] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit operator const T *() const { return (const T *)data; }
  void *data = nullptr;
};
float first(Blob &b, const Blob &c) {
  float *p = b;
  // CHECK-FIXES: {{^}}  float *p = static_cast<float *>(b);
  const int *q = c;
  // CHECK-FIXES: {{^}}  const int *q = static_cast<const int *>(c);
  return *p + *q;
}

// A cast to a class the conversion yields spells it, though clang binds the
// result to a temporary between the cast and the conversion: no use, so no
// finding (latent).
struct Pinned {
  operator std::vector<float>() const { return {}; }
  std::vector<float> to_host() const { return static_cast<std::vector<float>>(*this); }
};

// A constructor template from `T *` takes a pointer to any type, as a
// conversion to `T *` gives one: [templated], said in words (it was
// "'T *' (a raw pointer)" and [ubiquitous]). A pointer to the class
// template's own parameter is a pointer to one type per specialisation.
struct Handle {
  template <class T> Handle(T *p) : p(p) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: constructor 'gnn::Handle::Handle(T *)' makes any pointer type implicitly convertible to 'gnn::Handle' [templated] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  template <class T> explicit Handle(T *p) : p(p) {}
  void *p;
};
void hold(Handle);
void use_handle(int *i) { hold(i); }
// CHECK-FIXES: {{^}}void use_handle(int *i) { hold(Handle(i)); }
template <class E> struct View {
  View(E *p) : p(p) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'gnn::View::View(E *)' makes 'E *' implicitly convertible to 'gnn::View<E>' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit View(E *p) : p(p) {}
  E *p;
};
void look(View<float>);
void use_view(float *f) { look(f); }
// CHECK-FIXES: {{^}}void use_view(float *f) { look(View<float>(f)); }

} // namespace gnn
