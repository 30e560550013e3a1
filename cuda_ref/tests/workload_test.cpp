#include "gnn/workload.h"

#include <gtest/gtest.h>

TEST(Workload, ShapeIsOneOutputPerGraph) {
  gnn::Workload w = gnn::make_workload({});
  EXPECT_EQ(w.graph.num_nodes(), 15);
  EXPECT_EQ(w.graph.num_edges(), 30);
  EXPECT_EQ(w.graph.num_graphs(), 3);
  EXPECT_EQ(w.x.rows(), 4u);
  EXPECT_EQ(w.x.cols(), 15u);
  gnn::Tensor y = w.model.forward(w.graph, w.x);
  EXPECT_EQ(y.rows(), 1u);
  EXPECT_EQ(y.cols(), 3u);
}

TEST(Workload, DeterministicForASeedAndSeedSensitive) {
  gnn::Tensor a = gnn::make_workload({}).model.forward(gnn::make_workload({}).graph,
                                                       gnn::make_workload({}).x);
  gnn::Workload w = gnn::make_workload({});
  gnn::Tensor b = w.model.forward(w.graph, w.x);
  EXPECT_EQ(a.to_host_vector(), b.to_host_vector()); // bit for bit
  gnn::WorkloadConfig other;
  other.seed = 43;
  gnn::Workload v = gnn::make_workload(other);
  EXPECT_NE(v.model.forward(v.graph, v.x).to_host_vector(), b.to_host_vector());
}
