#include "gnn/rng.h"

#include <gtest/gtest.h>

#include <set>

TEST(Rng, SameSeedSameStreamOtherSeedOtherStream) {
  gnn::Rng a(7), b(7), c(8);
  for (int i = 0; i < 100; ++i) {
    std::uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    EXPECT_NE(x, c.next());
  }
}

TEST(Rng, KnownFirstValues) {
  // Pins the generator: xoshiro256** seeded by SplitMix64(0). Changing the
  // algorithm changes every reference output, so it must be deliberate.
  gnn::Rng r(0);
  EXPECT_EQ(r.next(), 0x99ec5f36cb75f2b4ULL);
  EXPECT_EQ(r.next(), 0xbf6e1f784956452aULL);
}

TEST(Rng, BelowStaysInRangeAndCoversIt) {
  gnn::Rng r(1);
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 2000; ++i) {
    std::uint64_t v = r.below(7);
    ASSERT_LT(v, 7u);
    seen.insert(v);
  }
  EXPECT_EQ(seen.size(), 7u);
}

TEST(Rng, UniformIsInHalfOpenInterval) {
  gnn::Rng r(2);
  double sum = 0;
  for (int i = 0; i < 10000; ++i) {
    float u = r.uniform();
    ASSERT_GE(u, 0.0f);
    ASSERT_LT(u, 1.0f);
    sum += u;
  }
  EXPECT_NEAR(sum / 10000, 0.5, 0.02);
  float v = r.uniform(-2.0f, 3.0f);
  EXPECT_GE(v, -2.0f);
  EXPECT_LT(v, 3.0f);
}
