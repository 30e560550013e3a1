#include "gnn/graph.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

namespace gnn {

namespace {
void check_edges(int n, const std::vector<int> &source, const std::vector<int> &target) {
  if (source.size() != target.size())
    throw std::invalid_argument("source and target differ in length");
  for (size_t k = 0; k < source.size(); ++k)
    if (source[k] < 0 || source[k] >= n || target[k] < 0 || target[k] >= n)
      throw std::invalid_argument("edge " + std::to_string(k) + " has a node outside [0, " +
                                  std::to_string(n) + ")");
}

Compressed compress(int n, const std::vector<int> &by, const std::vector<int> &other) {
  Compressed c;
  c.offsets.assign(n + 1, 0);
  for (int v : by)
    ++c.offsets[v + 1];
  std::partial_sum(c.offsets.begin(), c.offsets.end(), c.offsets.begin());
  c.indices.resize(by.size());
  std::vector<int> fill(c.offsets.begin(), c.offsets.end() - 1);
  for (size_t k = 0; k < by.size(); ++k)
    c.indices[fill[by[k]]++] = other[k];
  return c;
}
} // namespace

GNNGraph::GNNGraph(int num_nodes, std::vector<int> source, std::vector<int> target)
    : GNNGraph(num_nodes, std::move(source), std::move(target),
               std::vector<int>(static_cast<size_t>(std::max(num_nodes, 0)), 0)) {}

GNNGraph::GNNGraph(int num_nodes, std::vector<int> source, std::vector<int> target,
                   std::vector<int> graph_indicator)
    : num_nodes_(num_nodes), source_(std::move(source)), target_(std::move(target)),
      graph_indicator_(std::move(graph_indicator)) {
  if (num_nodes < 0)
    throw std::invalid_argument("negative number of nodes");
  check_edges(num_nodes, source_, target_);
  if (graph_indicator_.size() != static_cast<size_t>(num_nodes))
    throw std::invalid_argument("graph_indicator needs one entry per node");
  if (!std::is_sorted(graph_indicator_.begin(), graph_indicator_.end()) ||
      (num_nodes > 0 && graph_indicator_.front() != 0))
    throw std::invalid_argument("graph_indicator must count up from 0");
  num_graphs_ = num_nodes > 0 ? graph_indicator_.back() + 1 : 1;
}

std::vector<int> GNNGraph::graph_node_offsets() const {
  std::vector<int> offsets(num_graphs_ + 1, 0);
  for (int g : graph_indicator_)
    ++offsets[g + 1];
  std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
  return offsets;
}

const Compressed &GNNGraph::csr() const {
  if (!csr_)
    csr_ = compress(num_nodes_, source_, target_);
  return *csr_;
}

const Compressed &GNNGraph::csc() const {
  if (!csc_)
    csc_ = compress(num_nodes_, target_, source_);
  return *csc_;
}

std::vector<int> GNNGraph::in_degree() const {
  std::vector<int> d(num_nodes_, 0);
  for (int t : target_)
    ++d[t];
  return d;
}

GNNGraph rand_graph(Rng &rng, int n, int m, bool bidirected) {
  if (n < 0 || m < 0)
    throw std::invalid_argument("rand_graph: negative size");
  if (bidirected && m % 2 != 0)
    throw std::invalid_argument("rand_graph: a bidirected graph needs an even number of edges");
  const long long pairs = static_cast<long long>(n) * (n - 1) / (bidirected ? 2 : 1);
  const int draws = bidirected ? m / 2 : m;
  if (draws > pairs)
    throw std::invalid_argument("rand_graph: more edges than the graph can hold");
  // Rejection sampling of distinct pairs; fine while m is well below n^2.
  std::set<std::pair<int, int>> seen;
  std::vector<int> s, t;
  s.reserve(draws);
  t.reserve(draws);
  while (static_cast<int>(s.size()) < draws) {
    int a = static_cast<int>(rng.below(n));
    int b = static_cast<int>(rng.below(n));
    if (a == b)
      continue;
    std::pair<int, int> key{a, b};
    if (bidirected && b < a)
      key = {b, a};
    if (!seen.insert(key).second)
      continue;
    s.push_back(a);
    t.push_back(b);
  }
  if (!bidirected)
    return GNNGraph(n, std::move(s), std::move(t));
  std::vector<int> source(s), target(t);
  source.insert(source.end(), t.begin(), t.end());
  target.insert(target.end(), s.begin(), s.end());
  return GNNGraph(n, std::move(source), std::move(target));
}

GNNGraph batch(const std::vector<GNNGraph> &graphs) {
  std::vector<int> source, target, indicator;
  int offset = 0, graph = 0;
  for (const GNNGraph &g : graphs) {
    for (int k = 0; k < g.num_edges(); ++k) {
      source.push_back(g.source()[k] + offset);
      target.push_back(g.target()[k] + offset);
    }
    for (int v = 0; v < g.num_nodes(); ++v)
      indicator.push_back(graph + g.graph_indicator()[v]);
    offset += g.num_nodes();
    graph += g.num_graphs();
  }
  return GNNGraph(offset, std::move(source), std::move(target), std::move(indicator));
}

std::vector<GNNGraph> unbatch(const GNNGraph &g) {
  std::vector<int> offsets = g.graph_node_offsets();
  std::vector<std::vector<int>> source(g.num_graphs()), target(g.num_graphs());
  for (int k = 0; k < g.num_edges(); ++k) {
    int graph = g.graph_indicator()[g.source()[k]];
    if (g.graph_indicator()[g.target()[k]] != graph)
      throw std::invalid_argument("unbatch: an edge joins two graphs");
    source[graph].push_back(g.source()[k] - offsets[graph]);
    target[graph].push_back(g.target()[k] - offsets[graph]);
  }
  std::vector<GNNGraph> out;
  for (int i = 0; i < g.num_graphs(); ++i)
    out.emplace_back(offsets[i + 1] - offsets[i], std::move(source[i]), std::move(target[i]));
  return out;
}

} // namespace gnn
