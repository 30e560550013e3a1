#include "demo/tensor.h"

#include <string>

namespace demo {
int train_step() {
  launch(32, Tensor{});               // relies on IndexKind(int)
  ProgressLabel label;
  std::string title = label;          // relies on the templated conversion
  BatchedGraph g;
  BatchedGraph copy = deepcopy(g);    // takes the generic deepcopy
  Tensor t;
  Tensor shared(t);                   // takes the greedy template, not the copy constructor
  log("threads per block %d", 256);   // goes to log(const char *, IndexKind)
  log("phase", label);                // goes to log(const char *, const std::string &)
  return broadcast([](int x) { return x + 1; }, copy.num_graphs) + int(title.size());
}
} // namespace demo
