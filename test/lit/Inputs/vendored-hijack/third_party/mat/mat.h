#pragma once
// A vendored matrix library (under third_party/): its own catch-all
// constructor and printing template.
namespace mat {
template <class D> struct Base {};
struct Matrix {
  Matrix() {}
  template <class D> Matrix(const Base<D> &) {}
  template <class T> Matrix(const T &) {}
};
template <class T> void show(const T &) {}
} // namespace mat
