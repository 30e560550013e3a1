// A function template whose parameters are patterns of foreign types
// (dynet's `operator<<(std::ostream &, const std::vector<T> &)` in its own
// namespace) is an overload for foreign types as a function is; one with a
// parameter of any type is dispatch-unconstrained-operator's, one with a
// project type among its parameters is the project's own.
// RUN: %check_dispatch_tidy %s dispatch-foreign-overload %t -- -std=c++17 -isystem %inputs/system
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-foreign-overload %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17 -isystem %inputs/system
//
// The counterfactual: what clang resolves the calls to, and its errors
// without the templates.
// RUN: %dispatch_resolve %s -- -std=c++17 -isystem %inputs/system | %python %inputs/greedy/callees.py gnn::save | FileCheck %s --check-prefix=WITH
// RUN: %not %clangxx -fsyntax-only -std=c++17 -isystem %inputs/system -DNO_PIRACY %s 2>&1 | FileCheck %s --check-prefix=WITHOUT-ERRORS

#include <fake_std.h>

namespace gnn {
template <class T> struct Tensor {};

#ifndef NO_PIRACY
template <class T> std::ostream &operator<<(std::ostream &os, const std::vector<T> &) { return os; }
// Any pointer is a foreign type too (not a parameter of any type).
template <class T> std::ostream &operator<<(std::ostream &os, const T *) { return os; }
#endif

// Negative: a project type among the parameters.
template <class T> std::ostream &operator<<(std::ostream &os, const std::vector<Tensor<T>> &) { return os; }
// Negative: a parameter of any type (dispatch-unconstrained-operator's).
template <class T> std::ostream &operator>>(std::ostream &os, const T &) { return os; }
// Negative: a template of the project's own name in its own namespace.
template <class T> int count(const std::vector<T> &) { return 0; }
// Latent: never called here.
template <class T> std::ostream &operator<<(std::ostream &os, const std::pair<T, T> &) { return os; }

void save(std::ostream &os, const std::vector<float> &f, const std::vector<int> &i,
          const std::vector<Tensor<int>> &t) {
  os << f;
  os << i;
  os << &f;
  os << t;
  os >> f;
  (void)count(f);
}
} // namespace gnn

// CHECK-NOTES: :21:34: warning: overload 'gnn::operator<<(std::ostream &, const std::vector<T> &)' of a foreign function for foreign types is type piracy [dispatch-foreign-overload]
// CHECK-NOTES: :21:34: note: neither the name it overloads nor any parameter type is the project's: it widens an operator every translation unit uses only where this declaration is visible
// CHECK-NOTES: :37:6: note: called here; without it, this call would have no viable function
// CHECK-NOTES: :38:6: note: called here; without it, this call would have no viable function
// CHECK-NOTES: :23:34: warning: overload 'gnn::operator<<(std::ostream &, const T *)' of a foreign function for foreign types is type piracy [dispatch-foreign-overload]
// CHECK-NOTES: :23:34: note: neither the name it overloads nor any parameter type is the project's: it widens an operator every translation unit uses only where this declaration is visible
// CHECK-NOTES: :39:6: note: called here; without it, this call would have no viable function

// The latent one follows with ReportLatent (unsuffixed lines count too):
// CHECK-NOTES-LATENT: :33:34: warning: overload 'gnn::operator<<(std::ostream &, const std::pair<T, T> &)' of a foreign function for foreign types is type piracy [dispatch-foreign-overload]
// CHECK-NOTES-LATENT: :33:34: note: neither the name it overloads
// CHECK-NOTES-LATENT: :33:34: note: latent: {{.*}}

// WITH: 37: gnn::operator<<<float>(std::ostream &, const std::vector<float> &) (line 21)
// WITH: 38: gnn::operator<<<int>(std::ostream &, const std::vector<int> &) (line 21)
// WITH: 39: gnn::operator<<<std::vector<float>>(std::ostream &, const std::vector<float> *) (line 23)
// WITHOUT-ERRORS: :37:6: error: invalid operands to binary expression
// WITHOUT-ERRORS: :38:6: error: invalid operands to binary expression
// WITHOUT-ERRORS: :39:6: error: invalid operands to binary expression
