// SEEDED (BFloat16s' isnan(x::BFloat16)): a bfloat16 type whose isnan
// overload is added to namespace std.
#pragma once

#include <cstdint>

namespace gnn {
struct BFloat16 {
  std::uint16_t bits;
};
} // namespace gnn

namespace std {
inline bool isnan(gnn::BFloat16 x) { return (x.bits & 0x7f80u) == 0x7f80u && (x.bits & 0x7fu); }
} // namespace std
