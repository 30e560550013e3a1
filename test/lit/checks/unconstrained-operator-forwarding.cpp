// RUN: %check_dispatch_tidy --check-suffix=BOTH %s dispatch-unconstrained-operator,dispatch-hijacked-call %t \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=ALONE %s dispatch-hijacked-call %t-alone -- -std=c++17
// What a template takes a call from must be a competing overload (dlib, read
// finding by finding):
// - an overload that forwards to the template (dlib's `put_in_range(const
//   double &, ...)` is `return put_in_range<double>(...)`; its numpy
//   `assign_image(numpy_image<P> &, const py::array &)` dispatches back to
//   the generic one) does what the template does: no hijack, no effect
//   (`clamp` and `assign` are not reported at all: a template of another
//   name than an operator or hook is reported only where it competes);
// - a call that would be ambiguous among the template's own siblings without
//   it (dlib's `make_unsigned(const T &)` for an int beside its float, double
//   and long double overloads) had no meaning to change: the template's own
//   use, latent;
// - an overload that does something else is taken from: a hijack (the
//   control): three calls noted, "and 2 more" (alone, hijacked-call warns at each).

struct Tensor3 {
  operator double() const { return 0.0; }
};

namespace img {
struct Array {};
template <class P> struct Typed : Array {};

// counterfactual: expected-unreported (its sibling forwards to it)
template <class T> const T &clamp(const T &lo, const T &hi, const T &v) { return v < lo ? lo : hi < v ? hi : v; }
inline double clamp(const double &lo, const double &hi, const double &v) { return clamp<double>(lo, hi, v); }

// The generic copy of any image into any image, and a run-time dispatcher
// that converts an untyped array and hands it back to it.
// counterfactual: expected-unreported (the dispatcher hands its calls back to it)
template <class D, class S> void assign(D &dst, const S &src) {}
// counterfactual: expected-unreported (a pattern, Typed<P>: no template for any type)
template <class P> void assign(Typed<P> &dst, const Array &src) {
  assign(dst, Typed<unsigned char>());
  assign(dst, Typed<float>());
}

// Siblings for the floating types, the template for everything else.
template <class T> unsigned print(const T &v) { return 0; }
// CHECK-NOTES-BOTH: :[[@LINE-1]]:29: warning: unconstrained template 'img::print(const T &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-BOTH: :[[@LINE-2]]:29: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES-BOTH: :90:3: note: this call resolves to the template (with T = int)
// CHECK-NOTES-BOTH: :90:3: note: without the template, the call would be ambiguous
// CHECK-NOTES-BOTH: :[[@LINE-5]]:29: note: latent: without it, the calls it wins here would be ambiguous or go to an overload that calls it, so nothing resolves differently because of it (shown by the ReportLatent option)
unsigned print(float v);
unsigned print(double v);
unsigned print(long double v);
} // namespace img

namespace gnn {
struct Graph {};
struct GNNGraph : Graph {};
int describe(const Graph &) { return 1; }
template <class T> int describe(const T &) { return 0; }
// CHECK-NOTES-BOTH: :[[@LINE-1]]:24: warning: unconstrained template 'gnn::describe(const T &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-BOTH: :[[@LINE-2]]:24: note: viable at 5 calls in this translation unit and chosen at 5
// CHECK-NOTES-BOTH: :92:3: note: this call resolves to the template (with T = gnn::GNNGraph)
// CHECK-NOTES-BOTH: :[[@LINE-5]]:5: note: without the template, the call would resolve to 'gnn::describe(const Graph &)'
// CHECK-NOTES-BOTH: :93:3: note: this call resolves to the template (with T = gnn::GNNGraph)
// CHECK-NOTES-BOTH: :[[@LINE-7]]:5: note: without the template, the call would resolve to 'gnn::describe(const Graph &)'
// CHECK-NOTES-BOTH: :94:3: note: this call resolves to the template (with T = gnn::GNNGraph)
// CHECK-NOTES-BOTH: :[[@LINE-9]]:5: note: without the template, the call would resolve to 'gnn::describe(const Graph &)'
// CHECK-NOTES-BOTH: :[[@LINE-9]]:24: note: and 2 more calls it wins in this translation unit
} // namespace gnn

// A class's calls into its own overload set (dlib's line_search_funct:
// `get_value(f(x))` goes to `template <class U> get_value(const U &)`, not
// through matrix-to-double to `get_value(const double &)`): the class's
// members are declared together by the author of these calls; no hijack.
struct Search {
  double operator()(const Tensor3 &t) const { return get_value(t); }

private:
  double get_value(const double &r) const { return r; }
  // counterfactual: expected-unreported (the class's own call into its own overloads)
  template <class U> double get_value(const U &) const { return 1.0; }
};

int main() {
  Search()(Tensor3());
  int lo = 0, hi = 255, v = 300;
  img::clamp(lo, hi, v);
  img::Typed<float> f;
  img::Typed<int> i;
  img::assign(f, img::Array());
  img::assign(f, i);
  img::print(1);
  gnn::GNNGraph g;
  gnn::describe(g);
  gnn::describe(g);
  gnn::describe(g);
  gnn::describe(g);
  gnn::describe(g);
}

// The control: five hijacks of an overload that does not forward.
// CHECK-NOTES-ALONE: :92:3: warning: call to 'describe' resolves to the unconstrained template 'gnn::describe(const T &)' although a more specific overload is viable [dispatch-hijacked-call]
// CHECK-NOTES-ALONE: :57:24: note: the template the call resolves to
// CHECK-NOTES-ALONE: :56:5: note: without the template, the call would resolve to 'gnn::describe(const Graph &)'
// CHECK-NOTES-ALONE: :93:3: warning: call to 'describe'
// CHECK-NOTES-ALONE: :57:24: note: the template
// CHECK-NOTES-ALONE: :56:5: note: without the template
// CHECK-NOTES-ALONE: :94:3: warning: call to 'describe'
// CHECK-NOTES-ALONE: :57:24: note: the template
// CHECK-NOTES-ALONE: :56:5: note: without the template
// CHECK-NOTES-ALONE: :95:3: warning: call to 'describe'
// CHECK-NOTES-ALONE: :57:24: note: the template
// CHECK-NOTES-ALONE: :56:5: note: without the template
// CHECK-NOTES-ALONE: :96:3: warning: call to 'describe'
// CHECK-NOTES-ALONE: :57:24: note: the template
// CHECK-NOTES-ALONE: :56:5: note: without the template

