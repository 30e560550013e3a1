// RUN: %check_dispatch_tidy --check-suffix=BOTH %s dispatch-unconstrained-operator,dispatch-hijacked-call %t -- -std=c++20
// RUN: %check_dispatch_tidy --check-suffix=ALONE %s dispatch-hijacked-call %t-alone -- -std=c++20
// Operator templates taking a call from a built-in operator (through a
// conversion function, after an enum's promotion: no function to name, and
// asking must not crash). The calls are notes of the template's one warning;
// dispatch-hijacked-call alone warns at each.

namespace gnn {
struct Fill {
  Fill(float v) : value(v) {}
  operator float() const { return value; }
  float value;
};
template <class B> float operator+(const Fill &f, const B &b) { return b + f.value; }
// CHECK-NOTES-BOTH: :[[@LINE-1]]:26: warning: unconstrained template 'gnn::operator+(const Fill &, const B &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-BOTH: :[[@LINE-2]]:26: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES-BOTH: :37:13: note: this call resolves to the template (with B = float)
// CHECK-NOTES-BOTH: :37:13: note: without the template, the call would use the built-in 'operator+'

enum Axis { Rows, Cols };
template <class A, class B> bool operator<(const A &, const B &) { return false; }
// CHECK-NOTES-BOTH: :[[@LINE-1]]:34: warning: unconstrained template 'gnn::operator<(const A &, const B &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-BOTH: :[[@LINE-2]]:34: note: viable at 2 calls in this translation unit and chosen at 2
// CHECK-NOTES-BOTH: :39:15: note: this call resolves to the template (with A = gnn::Axis, B = int)
// CHECK-NOTES-BOTH: :39:15: note: without the template, the call would use the built-in 'operator<'
// CHECK-NOTES-BOTH: :40:15: note: this call resolves to the template (with A = gnn::Tensor, B = gnn::Tensor)
// CHECK-NOTES-BOTH: :40:15: note: without the template, the call would have no viable function
template <class T> T operator~(const T &t) { return t; }
// CHECK-NOTES-BOTH: :[[@LINE-1]]:22: warning: unconstrained template 'gnn::operator~(const T &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-BOTH: :[[@LINE-2]]:22: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES-BOTH: :38:15: note: this call resolves to the template (with T = gnn::Axis)
// CHECK-NOTES-BOTH: :38:15: note: without the template, the call would use the built-in 'operator~'

struct Tensor {};

float run(Fill f, Axis a, Tensor t) {
  float x = f + 2.0f;      // through Fill::operator float
  Axis same = ~a;          // after the enumeration's promotion
  bool less = a < 1;
  bool none = t < t;       // no other candidate: no hijack
  return x + less + none + static_cast<int>(same);
}
} // namespace gnn

// CHECK-NOTES-ALONE: :37:13: warning: call to 'operator+' resolves to the unconstrained template 'gnn::operator+(const Fill &, const B &)' although a built-in operator is viable [dispatch-hijacked-call]
// CHECK-NOTES-ALONE: :14:26: note: the template the call resolves to
// CHECK-NOTES-ALONE: :37:13: note: without the template, the call would use the built-in 'operator+'
// CHECK-NOTES-ALONE: :38:15: warning: call to 'operator~' resolves to the unconstrained template 'gnn::operator~(const T &)' although a built-in operator is viable [dispatch-hijacked-call]
// CHECK-NOTES-ALONE: :28:22: note: the template the call resolves to
// CHECK-NOTES-ALONE: :38:15: note: without the template, the call would use the built-in 'operator~'
// CHECK-NOTES-ALONE: :39:15: warning: call to 'operator<' resolves to the unconstrained template 'gnn::operator<(const A &, const B &)' although a built-in operator is viable [dispatch-hijacked-call]
// CHECK-NOTES-ALONE: :21:34: note: the template the call resolves to
// CHECK-NOTES-ALONE: :39:15: note: without the template, the call would use the built-in 'operator<'
