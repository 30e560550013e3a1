#include "demo/tensor.h"

namespace demo {
Graph deepcopy(const Graph &g) { return g; }
void launch(IndexKind kind, const Tensor &t) { (void)kind; (void)t; }
} // namespace demo
