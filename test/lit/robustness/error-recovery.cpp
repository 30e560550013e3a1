// Broken code must never crash the plugin: clang-tidy reports the compiler
// errors and exits non-zero, but does not crash (`not` fails on a crash).
// RUN: %not %clang_tidy --checks='-*,dispatch-*' %s -- -std=c++20 2>&1 | FileCheck %s
// CHECK: error:
// CHECK-NOT: PLEASE submit a bug report

namespace gnn {
struct Incomplete;
struct Broken {
  Broken(Undeclared u);                 // unknown parameter type
  operator Missing() const;             // unknown conversion type
  Broken(Incomplete i);                 // incomplete parameter type
  template <class U> Broken(U &&, typename U::nope = 0) requires undefined_concept<U>;
};
struct Derived : Incomplete {};         // base is incomplete
template <class T> T deepcopy(const T &x) { return x.missing_member(); }
Broken deepcopy(const Broken &);
void use() {
  Derived d;
  deepcopy(d);
  Broken b = 3;
  undeclared_function(b);
  auto x = [](auto y) { return deepcopy(y); }(Derived{});
}
template <class A, class B> auto operator+(const A &a, const B &b) -> decltype(a.plus(b));
struct Loop { Loop(const Loop &, int = Loop(0)); };
template <int N> struct Deep { Deep<N + 1> next; };
Deep<0> deep;                           // recursive instantiation limit
} // namespace gnn
namespace std {
struct added_to_std { added_to_std(int) ; operator float() const; };
template <> struct hash<gnn::Broken>;   // hash never declared: error
}
std::ostream &operator<<(std::ostream &, const int &);
