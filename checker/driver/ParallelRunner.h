// Many translation units at once: each unit of work runs in its own
// crash-recovery context, so that a crash (an assertion, a bad AST) costs
// that unit its result and never the others theirs.
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace dispatch::driver {

/// Runs Work(I) for every I in [0, N) on Jobs threads (Jobs <= 1: on the
/// calling thread, whose heap arena serves Clang's allocations fastest).
/// Done(I, Finished) is called, one call at a time, as each unit ends;
/// Finished is false when the unit crashed. Returns Finished per unit.
std::vector<bool> runInParallel(size_t N, unsigned Jobs,
                                const std::function<void(size_t)> &Work,
                                const std::function<void(size_t, bool)> &Done = {});

} // namespace dispatch::driver
