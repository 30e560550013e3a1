#include "demo/tensor.h"

namespace demo {
Graph deepcopy(const Graph &g) { return g; }
void launch(IndexKind kind, const Tensor &t) { (void)kind; (void)t; }
int log(const char *format, ...) { return format[0]; }
int log(const char *label, IndexKind kind) { return label[0] + kind.bits; }
int log(const char *label, const std::string &text) { return label[0] + int(text.size()); }
} // namespace demo
