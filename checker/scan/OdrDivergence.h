// dispatch-odr-divergence: the same inline function or template
// specialisation resolving one of its calls to different declarations in
// different translation units, because they saw different overload sets. The
// linker keeps one copy; which one is unspecified (an ODR violation).
#pragma once

#include "Facts.h"

#include <string>
#include <vector>

namespace dispatch::scan {

struct OdrDivergence {
  uint32_t Function = 0; ///< the inline function / specialisation
  Location Loc;          ///< the call inside it
  std::string Pass;      ///< CUDA pass; host and device are never compared
  struct Side {
    uint32_t Callee = 0;
    std::vector<std::string> Tus;
    /// Project headers every TU of this side saw and no TU of another did.
    std::vector<std::string> HeadersOnlyHere;
  };
  std::vector<Side> Sides; ///< two or more, in order of first TU
};

std::vector<OdrDivergence> findOdrDivergences(const Facts &F);

/// One clang-style line per divergence, `[dispatch-odr-divergence]`.
std::string odrMessage(const OdrDivergence &D, const Facts &F);

} // namespace dispatch::scan
