// The reference implementation's random number generator.
//
// xoshiro256** (Blackman & Vigna, 2018) seeded through SplitMix64: small,
// fast, and — unlike std::mt19937 with std::uniform_*_distribution, whose
// distributions are implementation-defined — gives the same stream on every
// platform and standard library, so workload outputs are reproducible.
#pragma once

#include <array>
#include <cstdint>

namespace gnn {

class Rng {
public:
  explicit Rng(std::uint64_t seed);

  /// Next 64 random bits.
  std::uint64_t next();
  /// Uniform integer in [0, bound), unbiased (Lemire's multiply-and-reject).
  std::uint64_t below(std::uint64_t bound);
  /// Uniform float in [0, 1) from the top 24 bits (every value representable).
  float uniform();
  /// Uniform float in [lo, hi).
  float uniform(float lo, float hi);

private:
  std::array<std::uint64_t, 4> state_{};
};

} // namespace gnn
