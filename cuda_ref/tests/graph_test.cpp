#include "gnn/graph.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

using gnn::GNNGraph;

TEST(RandGraph, CountsNoSelfLoopsNoMultiEdgesSymmetric) {
  gnn::Rng rng(3);
  GNNGraph g = gnn::rand_graph(rng, 5, 10);
  EXPECT_EQ(g.num_nodes(), 5);
  EXPECT_EQ(g.num_edges(), 10);
  std::set<std::pair<int, int>> edges;
  for (int k = 0; k < g.num_edges(); ++k) {
    EXPECT_NE(g.source()[k], g.target()[k]) << "self-loop";
    EXPECT_TRUE(edges.insert({g.source()[k], g.target()[k]}).second) << "multi-edge";
  }
  for (auto [s, t] : edges)
    EXPECT_TRUE(edges.count({t, s})) << "bidirected graph misses " << t << "->" << s;
  // sources [s; t], targets [t; s]: the second half mirrors the first.
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(g.source()[k], g.target()[k + 5]);
    EXPECT_EQ(g.target()[k], g.source()[k + 5]);
  }
}

TEST(RandGraph, DirectedAndReproducible) {
  gnn::Rng a(11), b(11);
  GNNGraph g1 = gnn::rand_graph(a, 20, 37, /*bidirected=*/false);
  GNNGraph g2 = gnn::rand_graph(b, 20, 37, /*bidirected=*/false);
  EXPECT_EQ(g1.num_edges(), 37);
  EXPECT_EQ(g1.source(), g2.source());
  EXPECT_EQ(g1.target(), g2.target());
  std::set<std::pair<int, int>> edges;
  for (int k = 0; k < g1.num_edges(); ++k)
    EXPECT_TRUE(edges.insert({g1.source()[k], g1.target()[k]}).second);
}

TEST(RandGraph, RejectsImpossibleRequests) {
  gnn::Rng rng(1);
  EXPECT_THROW(gnn::rand_graph(rng, 5, 9), std::invalid_argument);           // odd, bidirected
  EXPECT_THROW(gnn::rand_graph(rng, 3, 8), std::invalid_argument);           // > 3 pairs
  EXPECT_NO_THROW(gnn::rand_graph(rng, 3, 6));                               // complete graph
  EXPECT_THROW(gnn::rand_graph(rng, 3, 7, false), std::invalid_argument);    // > 6 arcs
}

TEST(Graph, CompressedFormsAndDegrees) {
  GNNGraph g(4, {0, 0, 1, 3}, {1, 2, 2, 2});
  const gnn::Compressed &csr = g.csr();
  EXPECT_EQ(csr.offsets, (std::vector<int>{0, 2, 3, 3, 4}));
  EXPECT_EQ(csr.indices, (std::vector<int>{1, 2, 2, 2}));
  const gnn::Compressed &csc = g.csc();
  EXPECT_EQ(csc.offsets, (std::vector<int>{0, 0, 1, 4, 4}));
  EXPECT_EQ(csc.indices, (std::vector<int>{0, 0, 1, 3}));
  EXPECT_EQ(g.in_degree(), (std::vector<int>{0, 1, 3, 0}));
  EXPECT_THROW(GNNGraph(2, {0}, {2}), std::invalid_argument);
}

TEST(Batch, BlockDiagonalUnionAndRoundTrip) {
  gnn::Rng rng(5);
  std::vector<GNNGraph> gs;
  for (int i = 0; i < 3; ++i)
    gs.push_back(gnn::rand_graph(rng, 5, 10));
  GNNGraph g = gnn::batch(gs);
  EXPECT_EQ(g.num_nodes(), 15);
  EXPECT_EQ(g.num_edges(), 30);
  EXPECT_EQ(g.num_graphs(), 3);
  EXPECT_EQ(g.graph_indicator(),
            (std::vector<int>{0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2}));
  EXPECT_EQ(g.graph_node_offsets(), (std::vector<int>{0, 5, 10, 15}));
  for (int k = 0; k < g.num_edges(); ++k)
    EXPECT_EQ(g.graph_indicator()[g.source()[k]], g.graph_indicator()[g.target()[k]]);
  std::vector<GNNGraph> back = gnn::unbatch(g);
  ASSERT_EQ(back.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(back[i].num_nodes(), gs[i].num_nodes());
    EXPECT_EQ(back[i].source(), gs[i].source());
    EXPECT_EQ(back[i].target(), gs[i].target());
  }
}
