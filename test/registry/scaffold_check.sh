#!/usr/bin/env bash
# Adding a check is one registry entry plus the scaffolder: scaffold a
# throw-away check in a copy of the source tree, build the plugin there, and
# show that clang-tidy lists and runs it, that its generated lit test passes,
# and that registry, docs and code agree.
# The copy is built against the same LLVM as the build that runs the test
# (a plugin loads only into its own clang-tidy).
#   scaffold_check.sh SOURCE_DIR WORK_DIR LLVM_BIN LLVM_VERSION
set -euo pipefail
src=$1 work=$2 llvm=$3 version=$4
rm -rf "$work"
mkdir -p "$work/src"
# The tree as git sees it (tracked and new files, not ignored ones).
(cd "$src" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp -P --parents -t "$work/src")
cd "$work/src"
python3 utils/add_check.py dispatch-scaffold-probe --summary "a throw-away check the scaffolder test creates"
cmake -S . -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DDISPATCH_BUILD_TESTS=OFF -DDISPATCH_BUILD_CUDA_REF=OFF \
  -DDISPATCH_LLVM_VERSION="$version" -DDISPATCH_LLVM_ROOT="$(dirname "$llvm")" > "$work/cmake.log"
cmake --build "$work/build" --target DispatchTidy > "$work/build.log"
plugin="$work/build/lib/libDispatchTidy.so"
"$llvm/clang-tidy" --load="$plugin" --checks='-*,dispatch-*' --list-checks | grep -q 'dispatch-scaffold-probe'
python3 test/lit/check_dispatch_tidy.py --clang-tidy "$llvm/clang-tidy" --plugin "$plugin" \
  --clangxx "$llvm/clang++" --filecheck "$llvm/FileCheck" \
  test/lit/checks/scaffold-probe.cpp dispatch-scaffold-probe "$work/lit/scaffold-probe" -- -std=c++17
python3 utils/registry.py --check "$llvm/clang-tidy" "$plugin"
echo "scaffolded dispatch-scaffold-probe: registered, built, listed, its lit test passes"
