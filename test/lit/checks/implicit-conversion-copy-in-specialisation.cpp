// A class template's constructor from a dependent specialisation of itself
// is the copy or move constructor wherever the two types meet (tiny-cuda-nn's
// `GPUMatrix(GPUMatrix<T, static_layout> &&)` with `static_layout == L`, and
// `MatrixView(const MatrixView<std::remove_const_t<T>> &)` for a non-const T).
// A copy or move constructor in every specialisation: no conversion. In some
// only: a conversion elsewhere (non-const to const views), reported without
// the fix, since `explicit` would forbid the copies.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
//
// The copy `explicit` would forbid:
// RUN: %not %clangxx -fsyntax-only -std=c++17 -DVIEW_EXPLICIT=explicit %s 2>&1 | FileCheck %s --check-prefix=EXPLICIT
#include <type_traits>
#ifndef VIEW_EXPLICIT
#define VIEW_EXPLICIT
#endif

enum Layout { RowMajor, ColumnMajor };
template <class T, Layout L> struct GPUMatrix {
  static constexpr Layout static_layout = L;
  GPUMatrix() {}
  GPUMatrix(GPUMatrix<T, static_layout> &&other) {}
};

template <class T> struct MatrixView {
  MatrixView() {}
  VIEW_EXPLICIT MatrixView(const MatrixView<std::remove_const_t<T>> &other) {}
};

void read(MatrixView<const float>);
void own(GPUMatrix<float, RowMajor>);
void run() {
  MatrixView<float> a;
  MatrixView<float> b = a;
  read(a);
  own(GPUMatrix<float, RowMajor>());
}

// CHECK-NOTES-NOT: GPUMatrix
// CHECK-NOTES: :26:17: warning: constructor 'MatrixView::MatrixView(const MatrixView<std::remove_const_t<T>> &)' makes 'MatrixView<std::remove_const_t<T>>' implicitly convertible to 'MatrixView<T>' [ordinary] [dispatch-implicit-conversion]
// CHECK-NOTES: :26:17: note: every overload taking 'MatrixView<T>' now also accepts 'MatrixView<std::remove_const_t<T>>'
// CHECK-NOTES: :34:8: note: used implicitly here
// CHECK-NOTES: :26:17: note: no automatic fix: it is the copy or move constructor of 'MatrixView<float>', whose copies 'explicit' would forbid
// CHECK-NOTES-NOT: GPUMatrix
// EXPLICIT: :33:21: error: no matching constructor for initialization of 'MatrixView<float>'
