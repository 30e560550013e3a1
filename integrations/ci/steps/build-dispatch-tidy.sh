#!/usr/bin/env bash
# CI step 2: dispatch-tidy built from its own checkout and installed into a
# prefix that the CI caches. The cache key is the dispatch-tidy commit (or,
# in a checkout without .git such as a downloaded action, a hash of its
# files) and the LLVM version, so every change to dispatch-tidy is picked up.
#   build-dispatch-tidy.sh --key   print key=<cache key> (for $GITHUB_OUTPUT)
#   build-dispatch-tidy.sh         build unless PREFIX holds this key's build
#   DISPATCH_TIDY_SRC     the dispatch-tidy checkout (default: this repository)
#   DISPATCH_TIDY_PREFIX  install prefix, the cached directory
#   DISPATCH_LLVM_VERSION LLVM major version (default 16)
set -euo pipefail
src="${DISPATCH_TIDY_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)}"
v="${DISPATCH_LLVM_VERSION:-16}"
if id="$(git -C "$src" rev-parse --verify -q HEAD 2>/dev/null)" && [ -n "$id" ]; then
  :
else
  id="tree-$(cd "$src" && find . -path ./.git -prune -o -path ./build -prune -o -type f -print0 \
             | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)"
fi
key="dispatch-tidy-$id-llvm$v"
if [ "${1:-}" = "--key" ]; then
  echo "key=$key"
  exit 0
fi
prefix="${DISPATCH_TIDY_PREFIX:?DISPATCH_TIDY_PREFIX: where to install dispatch-tidy}"
# The install of LLVM $v's variant: $prefix/lib/dispatch-tidy/llvm-$v/.
variant="$prefix/lib/dispatch-tidy/llvm-$v"
stamp="$variant/build-key"
if [ -x "$variant/bin/dispatch-scan" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$key" ]; then
  echo "dispatch-tidy: using the cached build $key"
  exit 0
fi
echo "dispatch-tidy: building $key into $prefix"
build="$(mktemp -d)/build"
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDISPATCH_BUILD_TESTS=OFF \
  -DDISPATCH_BUILD_CUDA_REF=OFF -DDISPATCH_LLVM_VERSION="$v" -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib
cmake --build "$build"
cmake --install "$build"
echo "$key" > "$stamp"
