// Names as the project wrote them (faiss). A use through the class's own
// implicit assignment (`n = std::move(w)`) is rewritten with the member's
// declared type, `Owned<idx_t>`, not the operator's `Owned<int> &&`; a
// class template's other conversion is named as declared, not with one
// specialisation's type under the template's bare name.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
#include <utility>
#include <vector>

namespace ns {
using idx_t = int;
template <class T> struct Owned {
  std::vector<T> v;
  Owned() = default;
  Owned(std::vector<T> &&o) : v(std::move(o)) {}
};
struct H {
  Owned<idx_t> n;
  void f();
};
void H::f() {
  std::vector<idx_t> w(3);
  n = std::move(w);
}
} // namespace ns

template <class T> struct Tensor {
  using DataType = T;
  T *p;
};
namespace detail {
template <class TensorType, int Dim> struct Sub;
template <class TensorType> struct Sub<TensorType, 0> {
  typename TensorType::DataType *data_;
  operator typename TensorType::DataType &() { return *data_; }
  operator const typename TensorType::DataType &() const { return *data_; }
};
} // namespace detail
float use(detail::Sub<Tensor<float>, 0> s) {
  float v = s;
  return v;
}

// CHECK-FIXES: {{^}}  n = Owned<ns::idx_t>(std::move(w));
// CHECK-NOTES: :15:3: warning: constructor 'ns::Owned::Owned(std::vector<T> &&)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES: :15:3: note: every overload taking {{.*}}
// CHECK-NOTES: :23:7: note: used implicitly here
// CHECK-NOTES: :35:3: warning: conversion operator 'detail::Sub::operator typename TensorType::DataType &' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES: :35:3: note: every overload taking {{.*}}
// CHECK-NOTES: :40:13: note: used implicitly here; without it, this use would convert through 'detail::Sub::operator const typename TensorType::DataType &'
