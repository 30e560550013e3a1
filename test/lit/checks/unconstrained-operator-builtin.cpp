// RUN: %check_dispatch_tidy %s dispatch-unconstrained-operator,dispatch-hijacked-call %t -- -std=c++20
//
// Operator templates that take a call from a built-in operator candidate:
// without them the call uses the built-in operator, through a conversion
// function or after an enumeration's promotion (there is no function to name,
// and asking what the call would resolve to must not crash).

namespace gnn {
struct Fill {
  Fill(float v) : value(v) {}
  operator float() const { return value; }
  float value;
};
template <class B> float operator+(const Fill &f, const B &b) { return b + f.value; }
// CHECK-NOTES: :[[@LINE-1]]:26: warning: unconstrained template 'gnn::operator+(const Fill &, const B &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:26: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES: :37:13: note: this call resolves to the template (with B = float)
// CHECK-NOTES: :37:13: note: without the template, the call would use the built-in 'operator+'

enum Axis { Rows, Cols };
template <class A, class B> bool operator<(const A &, const B &) { return false; }
// CHECK-NOTES: :[[@LINE-1]]:34: warning: unconstrained template 'gnn::operator<(const A &, const B &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:34: note: viable at 2 calls in this translation unit and chosen at 2
// CHECK-NOTES: :39:15: note: this call resolves to the template (with A = gnn::Axis, B = int)
// CHECK-NOTES: :39:15: note: without the template, the call would use the built-in 'operator<'
// CHECK-NOTES: :40:15: note: this call resolves to the template (with A = gnn::Tensor, B = gnn::Tensor)
// CHECK-NOTES: :40:15: note: without the template, the call would have no viable function
template <class T> T operator~(const T &t) { return t; }
// CHECK-NOTES: :[[@LINE-1]]:22: warning: unconstrained template 'gnn::operator~(const T &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:22: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES: :38:15: note: this call resolves to the template (with T = gnn::Axis)
// CHECK-NOTES: :38:15: note: without the template, the call would use the built-in 'operator~'

struct Tensor {};

float run(Fill f, Axis a, Tensor t) {
  float x = f + 2.0f;      // through Fill::operator float
  Axis same = ~a;          // after the enumeration's promotion
  bool less = a < 1;
  bool none = t < t;       // no other candidate: no hijack
  return x + less + none + static_cast<int>(same);
}
} // namespace gnn

// CHECK-NOTES: :37:13: warning: call to 'operator+' resolves to the unconstrained template 'gnn::operator+(const Fill &, const B &)' although a built-in operator is viable [dispatch-hijacked-call]
// CHECK-NOTES: :14:26: note: the template the call resolves to
// CHECK-NOTES: :37:13: note: without the template, the call would use the built-in 'operator+'
// CHECK-NOTES: :38:15: warning: call to 'operator~' resolves to the unconstrained template 'gnn::operator~(const T &)' although a built-in operator is viable [dispatch-hijacked-call]
// CHECK-NOTES: :28:22: note: the template the call resolves to
// CHECK-NOTES: :38:15: note: without the template, the call would use the built-in 'operator~'
// CHECK-NOTES: :39:15: warning: call to 'operator<' resolves to the unconstrained template 'gnn::operator<(const A &, const B &)' although a built-in operator is viable [dispatch-hijacked-call]
// CHECK-NOTES: :21:34: note: the template the call resolves to
// CHECK-NOTES: :39:15: note: without the template, the call would use the built-in 'operator<'
