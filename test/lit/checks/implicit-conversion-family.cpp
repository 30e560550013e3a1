// RUN: %check_dispatch_tidy --check-suffix=DEFAULT %s dispatch-implicit-conversion %t -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=FAMILY %s dispatch-implicit-conversion %t \
// RUN:   --config="{CheckOptions: {dispatch-implicit-conversion.MinimumBreadth: family}}" -- -std=c++17
//
// A container constructible from any expression of its own family (Eigen's
// `Matrix(const EigenBase<D>&)`, xtensor's `xarray(const xexpression<E>&)`)
// evaluates a lazy expression: the library's design, ranked `family` and
// reported only with MinimumBreadth: family. The family is the base the
// class itself derives from, through any number of levels.

namespace gnn {
template <class D> struct expression {};
template <class D> struct shared_expression : expression<D> {};

template <class T> struct array : shared_expression<array<T>> {
  array() = default;
  template <class E> array(const expression<E> &) {}
  // CHECK-MESSAGES-FAMILY: :[[@LINE-1]]:22: warning: constructor 'gnn::array::array(const expression<E> &)' makes 'gnn::expression<E>' implicitly convertible to 'gnn::array<T>' [family] [dispatch-implicit-conversion]
  // CHECK-FIXES-FAMILY: {{^}}  template <class E> explicit array(const expression<E> &) {}
};

struct matrix : expression<matrix> {
  matrix() = default;
  template <class E> matrix(const expression<E> &) {}
  // CHECK-MESSAGES-FAMILY: :[[@LINE-1]]:22: warning: constructor 'gnn::matrix::matrix(const expression<E> &)' {{.*}} [family] [dispatch-implicit-conversion]
  // CHECK-FIXES-FAMILY: {{^}}  template <class E> explicit matrix(const expression<E> &) {}
};

template <class L, class R> struct sum_expr : expression<sum_expr<L, R>> {};

// Not its own family: grid derives from no other_base, so other_base's
// expressions are foreign to it. Reported by default.
template <class D> struct other_base {};
template <class T> struct grid {
  grid() = default;
  template <class E> grid(const other_base<E> &) {}
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:22: warning: constructor 'gnn::grid::grid(const other_base<E> &)' makes 'gnn::other_base<E>' implicitly convertible to 'gnn::grid<T>' [ordinary] [dispatch-implicit-conversion]
  // CHECK-MESSAGES-FAMILY: :[[@LINE-2]]:22: warning: constructor 'gnn::grid::grid(const other_base<E> &)' {{.*}} [ordinary] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  template <class E> explicit grid(const other_base<E> &) {}
};

void use() {
  sum_expr<array<float>, array<float>> s;
  array<float> a = s;
  // CHECK-FIXES-FAMILY: {{^}}  array<float> a = array<float>(s);
  matrix m = s;
  // CHECK-FIXES-FAMILY: {{^}}  matrix m = matrix(s);
  other_base<int> o;
  grid<int> g = o;
  // CHECK-FIXES: {{^}}  grid<int> g = grid<int>(o);
}
} // namespace gnn
