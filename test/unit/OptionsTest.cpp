#include "dispatch/Options.h"

#include <gtest/gtest.h>

using dispatch::joinList;
using dispatch::splitList;

TEST(Options, SplitTrimsAndDropsEmptyItems) {
  EXPECT_EQ(splitList(" a; b,,c ;"), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_TRUE(splitList("").empty());
  EXPECT_TRUE(splitList(" ; , ").empty());
}

TEST(Options, JoinRoundTrips) {
  std::vector<std::string> Items{"thrust::device_vector", "gnn::DeviceTensor"};
  EXPECT_EQ(joinList(Items), "thrust::device_vector;gnn::DeviceTensor");
  EXPECT_EQ(splitList(joinList(Items)), Items);
}
