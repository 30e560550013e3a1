#include "gnn/backend.h"
#include "gnn/tensor.h"

#include <ostream>
#include <stdexcept>

namespace gnn {

const char *device_name(Device d) { return d == Device::CPU ? "cpu" : "cuda"; }

/// Owns device memory; freed when the last tensor sharing it goes.
struct Tensor::DeviceStorage {
  explicit DeviceStorage(std::size_t n) : ptr(cuda::alloc(n)) {}
  ~DeviceStorage() { cuda::free(ptr); }
  DeviceStorage(const DeviceStorage &) = delete;
  DeviceStorage &operator=(const DeviceStorage &) = delete;
  float *ptr;
};

Tensor::Tensor(std::size_t rows, std::size_t cols, Device device)
    : rows_(rows), cols_(cols), device_(device) {
  if (device == Device::CPU) {
    host_.assign(rows * cols, 0.0f);
  } else {
    device_storage_ = std::make_shared<DeviceStorage>(rows * cols);
    std::vector<float> zeros(rows * cols, 0.0f);
    cuda::copy_to_device(device_storage_->ptr, zeros.data(), zeros.size());
  }
}

Tensor Tensor::from_columns(std::size_t rows, std::size_t cols, std::vector<float> values) {
  if (values.size() != rows * cols)
    throw std::invalid_argument("from_columns: expected rows * cols values");
  Tensor t;
  t.rows_ = rows;
  t.cols_ = cols;
  t.host_ = std::move(values);
  return t;
}

Tensor::Tensor(const Tensor &other)
    : rows_(other.rows_), cols_(other.cols_), device_(other.device_), host_(other.host_) {
  // Copies are deep on the device too: tensors have value semantics.
  if (other.device_storage_) {
    device_storage_ = std::make_shared<DeviceStorage>(size());
    cuda::copy_on_device(device_storage_->ptr, other.device_storage_->ptr, size());
  }
}

Tensor &Tensor::operator=(const Tensor &other) {
  if (this != &other) {
    Tensor copy(other);
    *this = std::move(copy);
  }
  return *this;
}

float *Tensor::data() {
  return device_ == Device::CPU ? host_.data()
                                : (device_storage_ ? device_storage_->ptr : nullptr);
}

const float *Tensor::data() const { return const_cast<Tensor *>(this)->data(); }

float &Tensor::at(std::size_t row, std::size_t col) {
  if (device_ != Device::CPU)
    throw std::logic_error("element access on a CUDA tensor; copy it with to(Device::CPU)");
  if (row >= rows_ || col >= cols_)
    throw std::out_of_range("tensor index out of range");
  return host_[col * rows_ + row];
}

float Tensor::at(std::size_t row, std::size_t col) const {
  return const_cast<Tensor *>(this)->at(row, col);
}

Tensor Tensor::to(Device device) const {
  if (device == device_)
    return *this;
  Tensor out(rows_, cols_, device);
  if (device == Device::CUDA)
    cuda::copy_to_device(out.data(), host_.data(), size());
  else
    cuda::copy_to_host(out.data(), data(), size());
  return out;
}

std::vector<float> Tensor::to_host_vector() const {
  if (device_ == Device::CPU)
    return host_;
  std::vector<float> out(size());
  cuda::copy_to_host(out.data(), data(), size());
  return out;
}

Tensor TransposedView::materialize() const {
  Tensor host = t_->to(Device::CPU);
  Tensor out(rows(), cols());
  for (std::size_t j = 0; j < cols(); ++j)
    for (std::size_t i = 0; i < rows(); ++i)
      out.at(i, j) = host.at(j, i);
  return t_->device() == Device::CPU ? out : out.to(t_->device());
}

Tensor deepcopy(const Tensor &t) { return Tensor(t); }

std::ostream &operator<<(std::ostream &os, const Tensor &t) {
  std::vector<float> v = t.to_host_vector();
  os << t.rows() << "×" << t.cols() << " " << device_name(t.device()) << " tensor\n";
  for (std::size_t i = 0; i < t.rows(); ++i) {
    for (std::size_t j = 0; j < t.cols(); ++j)
      os << (j ? " " : "") << v[j * t.rows() + i];
    os << '\n';
  }
  return os;
}

} // namespace gnn
