#include "gnn/backend.h"
#include "gnn/tensor.h"

#include <gtest/gtest.h>

#include <sstream>

TEST(Tensor, ColumnMajorStorageAndViews) {
  gnn::Tensor t = gnn::Tensor::from_columns(2, 3, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(t.at(0, 0), 1);
  EXPECT_EQ(t.at(1, 0), 2);
  EXPECT_EQ(t.at(0, 2), 5);
  gnn::TransposedView tv = gnn::transpose(t);
  EXPECT_EQ(tv.rows(), 3u);
  EXPECT_EQ(tv.at(2, 1), 6);
  gnn::Tensor m = tv.materialize();
  EXPECT_EQ(m.rows(), 3u);
  EXPECT_EQ(m.at(2, 0), 5);
  EXPECT_EQ(m.at(1, 1), 4);
  EXPECT_THROW(t.at(2, 0), std::out_of_range);
}

TEST(Tensor, BroadcastAppliesTheFunctionElementwise) {
  gnn::Tensor t = gnn::Tensor::from_columns(2, 2, {-1, 2, -3, 4});
  gnn::Tensor y = gnn::broadcast([](float v) { return v * v; }, t);
  EXPECT_EQ(y.to_host_vector(), (std::vector<float>{1, 4, 9, 16}));
  EXPECT_EQ(t.at(0, 0), -1); // the input is untouched
}

TEST(Tensor, CopiesAreDeep) {
  gnn::Tensor a(2, 2);
  gnn::Tensor b = a;
  b.at(0, 0) = 5;
  EXPECT_EQ(a.at(0, 0), 0);
  std::ostringstream os;
  os << b;
  EXPECT_EQ(os.str(), "2×2 cpu tensor\n5 0\n0 0\n");
}

TEST(Tensor, MatmulMatchesHandComputation) {
  gnn::Tensor a = gnn::Tensor::from_columns(2, 2, {1, 3, 2, 4}); // [1 2; 3 4]
  gnn::Tensor b = gnn::Tensor::from_columns(2, 1, {5, 6});
  gnn::Tensor c = gnn::matmul(a, b);
  EXPECT_EQ(c.at(0, 0), 17);
  EXPECT_EQ(c.at(1, 0), 39);
  EXPECT_THROW(gnn::matmul(b, b), std::invalid_argument);
}

TEST(Tensor, DeviceCopiesRoundTripWhenADeviceExists) {
  if (!gnn::cuda_available())
    GTEST_SKIP() << "CUDA device needed: " << gnn::cuda_unavailable_reason();
  gnn::Tensor a = gnn::Tensor::from_columns(2, 2, {1, 2, 3, 4});
  gnn::Tensor d = a.to(gnn::Device::CUDA);
  EXPECT_EQ(d.device(), gnn::Device::CUDA);
  EXPECT_THROW(d.at(0, 0), std::logic_error);
  EXPECT_EQ(d.to(gnn::Device::CPU).to_host_vector(), a.to_host_vector());
}
