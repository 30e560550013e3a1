// Dense float32 matrices on the host or on a CUDA device, stored column-major
// (features × nodes, as in Julia), with explicit copies between the two.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <type_traits>
#include <vector>

namespace gnn {

enum class Device { CPU, CUDA };
class Tensor;
namespace cuda {
void copy_to_host(float *dst, const float *src, std::size_t n);
} // namespace cuda
const char *device_name(Device d);

class Tensor {
public:
  Tensor() = default;
  /// A zero-initialised rows × cols matrix on `device`.
  Tensor(std::size_t rows, std::size_t cols, Device device = Device::CPU);
  /// A host matrix from column-major values (values.size() == rows * cols).
  static Tensor from_columns(std::size_t rows, std::size_t cols, std::vector<float> values);

  Tensor(const Tensor &other);
  Tensor &operator=(const Tensor &other);
  Tensor(Tensor &&) noexcept = default;
  Tensor &operator=(Tensor &&) noexcept = default;
  ~Tensor() = default;

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  std::size_t size() const { return rows_ * cols_; }
  Device device() const { return device_; }

  /// Storage on the tensor's own device (a device pointer for CUDA tensors).
  float *data();
  const float *data() const;

  /// Element access, host tensors only (throws std::logic_error otherwise).
  float &at(std::size_t row, std::size_t col);
  float at(std::size_t row, std::size_t col) const;

  /// An explicit copy to `device` (a plain copy when it is already there).
  Tensor to(Device device) const;
  /// The values, column-major, copied to the host.
  std::vector<float> to_host_vector() const;

private:
  struct DeviceStorage;
  std::size_t rows_ = 0, cols_ = 0;
  Device device_ = Device::CPU;
  std::vector<float> host_;
  std::shared_ptr<DeviceStorage> device_storage_;
};

/// A lazy transposed view: reads `t.at(j, i)` for `(i, j)`; no copy until
/// materialize(). Real matrices: adjoint == transpose.
class TransposedView {
public:
  explicit TransposedView(const Tensor &t) : t_(&t) {}
  std::size_t rows() const { return t_->cols(); }
  std::size_t cols() const { return t_->rows(); }
  float at(std::size_t row, std::size_t col) const { return t_->at(col, row); }
  const Tensor &parent() const { return *t_; }
  Tensor materialize() const;
#ifdef CUDA_REF_SEEDED
  // SEEDED (NNlibCUDA's convert(::Type{<:Array}, ::BatchedAdjOrTrans{<:CuArray})):
  // a view of a device tensor converts to a host tensor, copying it down.
  operator Tensor() const {
    std::vector<float> values(t_->size());
    if (t_->device() == Device::CUDA)
      cuda::copy_to_host(values.data(), t_->data(), values.size());
    else
      values = t_->to_host_vector();
    Tensor host = Tensor::from_columns(t_->rows(), t_->cols(), std::move(values));
    return TransposedView(host).materialize();
  }
#endif

private:
  const Tensor *t_;
};

inline TransposedView transpose(const Tensor &t) { return TransposedView(t); }
inline TransposedView adjoint(const Tensor &t) { return TransposedView(t); }

/// Broadcasting helper: f applied to every element of a host tensor, as
/// Julia's `f.(x)`. Constrained to element functions, so that it never
/// competes with other `broadcast` overloads for unrelated arguments.
/// (enable_if rather than requires: the CUDA sources are compiled as C++17.)
template <class F, std::enable_if_t<std::is_invocable_r_v<float, F &, float>, int> = 0>
Tensor broadcast(F f, const Tensor &x) {
  Tensor y = x.to(Device::CPU);
  for (std::size_t j = 0; j < y.cols(); ++j)
    for (std::size_t i = 0; i < y.rows(); ++i)
      y.at(i, j) = f(y.at(i, j));
  return y;
}

/// A deep copy on the same device.
Tensor deepcopy(const Tensor &t);

/// Node features of a (batched) graph: a tensor that knows its graph count.
class NodeFeatures : public Tensor {
public:
  NodeFeatures(Tensor x, int num_graphs) : Tensor(std::move(x)), num_graphs_(num_graphs) {}
  int num_graphs() const { return num_graphs_; }

private:
  int num_graphs_;
};

/// Prints shape and values, one row per line.
std::ostream &operator<<(std::ostream &os, const Tensor &t);

} // namespace gnn
