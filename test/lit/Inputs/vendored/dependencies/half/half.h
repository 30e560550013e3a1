#pragma once
// Vendored by directory name (ThirdPartyDirs: dependencies).
namespace half_float {
struct half {
  half(float) {}
};
} // namespace half_float
