#pragma once
#include <vector>
using Shape = std::vector<long>;
enum class DataType { Float, Int };
struct StorageView {
  template <typename T> StorageView &view(T *data, Shape shape) { return *this; }
  StorageView &view(void *data, Shape shape); // a dispatcher, in lib.cpp
  const Shape &shape() const { return dims; }
  DataType dtype = DataType::Float;
  Shape dims;
};
