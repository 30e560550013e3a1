#!/usr/bin/env bash
# find_package(DispatchTidy) from an installed tree: install dispatch-tidy
# into a temporary prefix, build integrations/cmake-example against it, and
# see the plugin's warning in the build log (clang-tidy ran from the
# installed plugin path).
# With OTHER_BUILD (the other LLVM version's build) both variants are
# installed into one prefix and find_package(DispatchTidy) must pick: the
# requested DispatchTidy_LLVM_VERSION, else the project's clang-tidy-<V>, else
# its clang's version, else the newest.
#   cmake_package.sh BUILD_DIR SOURCE_DIR WORK_DIR [OTHER_BUILD]
set -euo pipefail
build=$1 src=$2 work=$3 other=${4:-}
v=$(sed -n 's/^DISPATCH_LLVM_VERSION:STRING=//p' "$build/CMakeCache.txt")
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
# The variant's own tree (lib/dispatch-tidy/llvm-<V>), links to its tools.
vroot="$work/prefix/lib/dispatch-tidy/llvm-$v"
test -f "$vroot/lib/libDispatchTidy.so"
test -x "$vroot/bin/dispatch-scan"
test "$(readlink -f "$work/prefix/bin/dispatch-scan-$v")" = "$(readlink -f "$vroot/bin/dispatch-scan")"
test -x "$work/prefix/bin/dispatch-clangd-$v"
test -f "$vroot/share/dispatch-tidy/cuda/nvcc_to_clang.py"
test -f "$vroot/share/dispatch-tidy/cuda/nvcc-rules.json"
# The installed nvcc translator runs with its rules table beside it.
python3 "$vroot/share/dispatch-tidy/cuda/nvcc_to_clang.py" \
  "$src/test/lit/integrations/Inputs/nvcc_db.json" "$work/nvcc-db/compile_commands.json"
grep -q "\"$vroot/share/dispatch-tidy/cuda/include\"" "$work/nvcc-db/compile_commands.json"
test -f "$work/prefix/share/doc/dispatch-tidy-llvm$v/checks/dispatch-implicit-conversion.md"
cmake -S "$src/integrations/cmake-example" -B "$work/example" -G Ninja \
  -DCMAKE_CXX_COMPILER=clang++-$v -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_PREFIX_PATH="$work/prefix" \
  > "$work/configure.log"
grep -q "dispatch-tidy plugin: $vroot/lib/libDispatchTidy.so" "$work/configure.log"
cmake --build "$work/example" > "$work/build.log" 2>&1
cat "$work/build.log"
grep -q "features.cpp:6:3: warning: constructor 'Features::Features(std::vector<float>)' makes .* \[dispatch-implicit-conversion\]" "$work/build.log"
# The installed dispatch-scan runs too (its RPATH finds Clang's libraries).
"$work/prefix/bin/dispatch-scan-$v" collect -p "$work/example" --root "$src/integrations/cmake-example" \
  --no-progress -o "$work/facts.json" 2> /dev/null
"$work/prefix/bin/dispatch-scan-$v" report "$work/facts.json" | tee "$work/report.txt"
grep -q "src/features.cpp:6 .* Features .* 1 " "$work/report.txt"
if [ -z "$other" ] || [ ! -f "$other/lib/libDispatchTidy.so" ]; then
  echo "cmake package: OK (llvm$v; no other build given, variant choice not exercised)"
  exit 0
fi
w=$(sed -n 's/^DISPATCH_LLVM_VERSION:STRING=//p' "$other/CMakeCache.txt")
cmake --install "$other" --prefix "$work/prefix" > "$work/install-other.log"
newest=$(( v > w ? v : w ))
# picks NAME WANT_VERSION CMAKE_ARGS...: configure the example, see which plugin it found.
picks() {
  local name=$1 want=$2; shift 2
  cmake -S "$src/integrations/cmake-example" -B "$work/choice-$name" -G Ninja \
    -DCMAKE_PREFIX_PATH="$work/prefix" "$@" > "$work/choice-$name.log"
  grep -q "dispatch-tidy plugin: $work/prefix/lib/dispatch-tidy/llvm-$want/lib/libDispatchTidy.so" \
    "$work/choice-$name.log" || { echo "find_package($name) did not pick llvm-$want"; \
    cat "$work/choice-$name.log"; exit 1; }
  echo "find_package: $name -> llvm-$want"
}
for x in "$v" "$w"; do
  picks "requested-$x" "$x" -DCMAKE_CXX_COMPILER=g++ -DDispatchTidy_LLVM_VERSION="$x"
  picks "clang-tidy-$x" "$x" -DCMAKE_CXX_COMPILER=g++ -DCMAKE_CXX_CLANG_TIDY="clang-tidy-$x"
  picks "clang++-$x" "$x" -DCMAKE_CXX_COMPILER="clang++-$x"
done
picks "gcc" "$newest" -DCMAKE_CXX_COMPILER=g++
echo "cmake package: OK (llvm$v and llvm$w side by side)"
