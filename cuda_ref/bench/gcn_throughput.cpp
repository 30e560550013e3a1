// Benchmark: CPU GCNConv throughput in edges per second on a large random
// graph, beside a STREAM-style copy measured in the same run, since sparse
// aggregation is bound by memory bandwidth. Not a test: figures go to
// docs/performance.md with the command that produced them.
//
//   gcn_throughput [--nodes N] [--edges M] [--features F] [--repeat R]
#include "gnn/backend.h"
#include "gnn/layers.h"
#include "gnn/workload.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Best of `repeat` timings of f(), in seconds.
template <class F> double best_of(int repeat, F &&f) {
  double best = 1e300;
  for (int r = 0; r < repeat; ++r) {
    auto start = Clock::now();
    f();
    best = std::min(best, seconds_since(start));
  }
  return best;
}

long long arg(int argc, char **argv, const char *name, long long fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0)
      return std::atoll(argv[i + 1]);
  return fallback;
}
} // namespace

int main(int argc, char **argv) {
  const int nodes = static_cast<int>(arg(argc, argv, "--nodes", 100000));
  const int edges = static_cast<int>(arg(argc, argv, "--edges", 1000000));
  const auto features = static_cast<std::size_t>(arg(argc, argv, "--features", 64));
  const int repeat = static_cast<int>(arg(argc, argv, "--repeat", 5));

  gnn::Rng rng(1);
  auto start = Clock::now();
  gnn::GNNGraph g = gnn::rand_graph(rng, nodes, edges);
  g.csc(); // build the in-neighbour index outside the timed region
  std::cout << "graph: " << nodes << " nodes, " << g.num_edges() << " edges, built in "
            << seconds_since(start) << " s\n";
  gnn::Tensor x(features, static_cast<std::size_t>(nodes));
  for (float *p = x.data(), *end = p + x.size(); p != end; ++p)
    *p = rng.uniform();
  gnn::GCNConv layer(features, features, gnn::Activation::Relu, rng);

  // STREAM copy: read one array, write another, each far larger than cache.
  const std::size_t n = std::size_t(1) << 26; // 256 MiB per array
  std::vector<float> a(n, 1.0f), b(n, 0.0f);
  const double copy_s = best_of(repeat, [&] { std::memcpy(b.data(), a.data(), n * sizeof(float)); });
  const double stream_gbs = 2.0 * n * sizeof(float) / copy_s / 1e9;

  const double agg_s = best_of(repeat, [&] { gnn::gcn_aggregate(g, x, true); });
  const double conv_s = best_of(repeat, [&] { layer.forward(g, x); });
  // Bytes the aggregation must move at least: a feature column per edge
  // (gather), plus reading and writing a column per node.
  const double agg_bytes =
      (static_cast<double>(g.num_edges()) + 2.0 * nodes) * features * sizeof(float);
  const double agg_gbs = agg_bytes / agg_s / 1e9;

  gnn::Workload w = gnn::make_workload({});
  const double seed_s = best_of(std::max(repeat, 100), [&] { w.model.forward(w.graph, w.x); });

  std::cout << "stream copy: " << stream_gbs << " GB/s\n";
  std::cout << "gcn_aggregate: " << agg_s << " s, " << g.num_edges() / agg_s / 1e6
            << " M edges/s, " << agg_gbs << " GB/s = " << agg_gbs / stream_gbs
            << " of stream copy\n";
  std::cout << "GCNConv(" << features << " => " << features << ", relu): " << conv_s << " s, "
            << g.num_edges() / conv_s / 1e6 << " M edges/s\n";
  std::cout << "seed workload (3 x rand_graph(5, 10), 4 features): " << seed_s * 1e6
            << " us per forward pass\n";
  return 0;
}
