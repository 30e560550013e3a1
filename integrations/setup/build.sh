#!/usr/bin/env bash
# Configures and builds dispatch-tidy into ./build (Release, Ninja).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cmake --preset release -S "$root" >/dev/null
cmake --build "$root/build" -j "$(nproc)"
