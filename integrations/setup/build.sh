#!/usr/bin/env bash
# Configures and builds dispatch-tidy twice (Release, Ninja): against LLVM 16
# into ./build (preset release) and against LLVM 19 into ./build-19 (preset
# release-19). DISPATCH_LLVM_VERSIONS="16" (or "19") builds only that one.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
for v in ${DISPATCH_LLVM_VERSIONS:-16 19}; do
  case $v in
    16) preset=release dir=build ;;
    19) preset=release-19 dir=build-19 ;;
    *) echo "build.sh: no preset for LLVM $v" >&2; exit 2 ;;
  esac
  cmake --preset "$preset" -S "$root" >/dev/null
  cmake --build "$root/$dir" -j "$(nproc)"
done
