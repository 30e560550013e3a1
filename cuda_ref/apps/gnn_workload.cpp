// Runs the reference workload and prints y, its shape and a timing line.
//
//   gnn_workload [--graphs N] [--nodes N] [--edges N] [--features N]
//                [--seed N] [--device cpu|cuda] [--repeat N]
#include "gnn/workload.h"

#ifdef CUDA_REF_SEEDED
#include "gnn/seeded/all.h"
#endif

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {
[[noreturn]] void usage(const char *why) {
  std::cerr << "gnn_workload: " << why
            << "\nusage: gnn_workload [--graphs N] [--nodes N] [--edges N] [--features N]"
               " [--seed N] [--device cpu|cuda] [--repeat N]\n";
  std::exit(2);
}

long long number(const char *text) {
  char *end = nullptr;
  long long v = std::strtoll(text, &end, 10);
  if (!end || *end || v < 0)
    usage("expected a non-negative integer");
  return v;
}
#ifdef CUDA_REF_SEEDED
// What a real GNN library's evaluation and debug code does with the seeded
// declarations (cuda_ref/SEEDED.md), each through the widening it seeds; run
// only with GNN_DEBUG set, so that the seeded output stays the clean one.
std::string debug_log(const gnn::Tensor &y, const gnn::Tensor &host) {
  std::ostringstream log;
  // Per-graph outputs: their mean through the trainer's broadcast hook,
  // shifted by a lazily filled bias, printed with the global operator<< for
  // std::vector<float>.
  std::vector<float> outputs;
  for (std::size_t j = 0; j < host.cols(); ++j)
    outputs.push_back(host.at(0, j));
  float mean = gnn::Fill{0.0f, 1, 1} + gnn::train::mean_loss(outputs);
  log << "outputs: " << outputs << "(mean " << mean << ")\n";
  // The same outputs as node features of one graph: printed (the
  // unconstrained operator<< takes them from operator<<(std::ostream &,
  // const Tensor &) and prints "<value>"), shifted by a filled bias (the
  // operator+ template takes them from operator+(const Fill &, const Tensor &))
  // and weighted in place through the trainer's hook (which takes the call
  // from gnn::broadcast).
  gnn::NodeFeatures per_graph(host, 1);
  gnn::Tensor shifted = gnn::Fill{0.5f, 1, 1} + per_graph;
  gnn::train::weight_losses(shifted, 0.5f);
  log << "per-graph " << per_graph << ", shifted " << shifted.rows() << "x" << shifted.cols()
      << "\n";
  // The evaluation path: the lazy transposed view of the (device) output and
  // a lazily activated copy, both materialised by implicit conversion.
  gnn::Tensor transposed = gnn::TransposedView(y);
  gnn::Tensor activated = gnn::lazy_relu(host);
  log << "transposed " << transposed.rows() << "x" << transposed.cols() << ", relu "
      << activated.rows() << "x" << activated.cols() << "\n";
  // Hyper-parameters from a std::map, edges as std::pair, bfloat16 weights.
  std::map<std::string, double> hyper{{"eta", 0.1}};
  gnn::ParamDict params = hyper;
  std::vector<std::pair<int, int>> edges;
  edges.push_back(gnn::Edge{0, 1});
  gnn::BFloat16 weight{0x3f80};
  log << "eta " << params.get("eta", 0.0f) << ", " << edges.size() << " edge, weight nan "
      << std::isnan(weight) << ", params " << params << "\n";
  // The trace: each line meant for the printf form goes to a typed overload
  // through a seeded conversion (the index width, an edge, the activated
  // output, the phase's label, the hyper-parameters).
  log << gnn::trace("index bits %d", 32) << "\n"
      << gnn::trace("edge", gnn::Edge{0, 1}) << "\n"
      << gnn::trace("relu", gnn::lazy_relu(host)) << "\n"
      << gnn::trace("phase", gnn::ProgressLabel("evaluation")) << "\n"
      << gnn::trace("hyper-parameters", hyper) << "\n";
  return log.str();
}
#endif
} // namespace

int main(int argc, char **argv) {
  gnn::WorkloadConfig config;
  gnn::Device device = gnn::Device::CPU;
  long long repeat = 1;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (i + 1 >= argc)
      usage(("missing value for " + arg).c_str());
    const char *value = argv[++i];
    if (arg == "--graphs")
      config.graphs = static_cast<int>(number(value));
    else if (arg == "--nodes")
      config.nodes = static_cast<int>(number(value));
    else if (arg == "--edges")
      config.edges = static_cast<int>(number(value));
    else if (arg == "--features")
      config.features = static_cast<int>(number(value));
    else if (arg == "--seed")
      config.seed = static_cast<std::uint64_t>(number(value));
    else if (arg == "--repeat")
      repeat = std::max(1LL, number(value));
    else if (arg == "--device" && std::strcmp(value, "cpu") == 0)
      device = gnn::Device::CPU;
    else if (arg == "--device" && std::strcmp(value, "cuda") == 0)
      device = gnn::Device::CUDA;
    else
      usage(("unknown option " + arg).c_str());
  }
  if (device == gnn::Device::CUDA && !gnn::cuda_available()) {
    std::cerr << "gnn_workload: --device cuda: " << gnn::cuda_unavailable_reason() << "\n";
    return 3;
  }
  try {
    gnn::Workload w = gnn::make_workload(config);
    gnn::Chain model = w.model.to(device);
    gnn::Tensor x = w.x.to(device);
    gnn::Tensor y;
    auto start = std::chrono::steady_clock::now();
    for (long long r = 0; r < repeat; ++r)
      y = model.forward(w.graph, x);
    auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    gnn::Tensor host = y.to(gnn::Device::CPU);
#ifdef CUDA_REF_SEEDED
    std::string phase = gnn::ProgressLabel("forward"); // through the templated conversion
    if (std::getenv("GNN_DEBUG")) // the seeded library's debug and evaluation path
      std::clog << debug_log(y, host);
#else
    std::string phase = "forward";
#endif
    std::cout << std::setprecision(9) << "y = " << host;
    std::cout << "size(y) = " << host.rows() << "×" << host.cols() << "\n";
    std::cout << "time: " << std::setprecision(6) << seconds / static_cast<double>(repeat)
              << " s per " << phase << " pass (" << repeat << " runs, " << gnn::device_name(device)
              << ", " << w.graph.num_nodes() << " nodes, " << w.graph.num_edges() << " edges)\n";
  } catch (const std::exception &e) {
    std::cerr << "gnn_workload: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
