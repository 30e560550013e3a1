#include "dispatch/Options.h"

#include <gtest/gtest.h>

using dispatch::joinList;
using dispatch::parseBool;
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

TEST(Options, ParseBoolAcceptsClangTidySpellings) {
  for (const char *T : {"true", "TRUE", "on", "On", "1"})
    EXPECT_EQ(parseBool(T), std::optional<bool>(true)) << T;
  for (const char *F : {"false", "False", "off", "OFF", "0"})
    EXPECT_EQ(parseBool(F), std::optional<bool>(false)) << F;
  for (const char *X : {"", "yes", "2", "truee"})
    EXPECT_EQ(parseBool(X), std::nullopt) << X;
}
