#include "storage.h"
StorageView &StorageView::view(void *data, Shape shape) {
  switch (dtype) {
  case DataType::Float:
    return view(static_cast<float *>(data), shape);
  case DataType::Int:
    return view(static_cast<int *>(data), shape);
  }
  return *this;
}
