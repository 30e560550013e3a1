// A tensor library header with the patterns that widen dispatch.
#pragma once
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace demo {

// Index kind constructible from any integer (cf. CUDA.jl's convert for
// cusparseIndexType_t).
struct IndexKind {
  IndexKind(int bits) : bits(bits) {}
  int bits;
};

class Tensor {
public:
  Tensor() = default;
  Tensor(const Tensor &) = default;
  // Greedy: takes any argument, out-ranks copying a non-const Tensor.
  template <class U> Tensor(U &&source) : size_(sizeof(source)) {}
  std::size_t size() const { return size_; }

private:
  std::size_t size_ = 0;
};

// Progress label convertible to any string-like type.
struct ProgressLabel {
  template <class S, class = std::enable_if_t<std::is_constructible_v<S, const char *>>> operator S() const { return S("epoch"); }
};

// The broadcasted family: offered to every type by ADL, and taking calls
// from the integer overload below (a lambda binds exactly to `F &&`, but
// converts to `int (*)(int)` only through its conversion function).
template <class F, class X> auto broadcast(F &&f, X &&x) { return f(x); }
inline int broadcast(int (*f)(int), int x) { return f(x); }

struct Graph {
  std::vector<std::pair<int, int>> edges;
};
struct BatchedGraph : Graph {
  int num_graphs = 1;
};
Graph deepcopy(const Graph &g);
template <class T> T deepcopy(const T &x) { return x; }

void launch(IndexKind kind, const Tensor &t);

// The training log: printf-style, with the overloads the library grew. An
// ellipsis loses to any conversion, so each converting declaration above
// takes the calls that reach its overload from the printf form.
int log(const char *format, ...);
int log(const char *label, IndexKind kind);
int log(const char *label, const std::string &text);
} // namespace demo
