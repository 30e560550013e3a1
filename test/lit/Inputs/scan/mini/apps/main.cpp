#include "mini/layer.h"
#include "mini/scale.h"
#include "mini/model.h"

double stats_step();

static int run_model() {
  mini::Layer layer;
  mini::Tensor t{{1, 2, 3}};
  return int(layer.forward(t) + layer.average(t));
}

int main() { return run_model() + int(model_step(1) + stats_step()); }
