#!/usr/bin/env bash
# find_package(DispatchTidy) from an installed tree: install dispatch-tidy
# into a temporary prefix, build integrations/cmake-example against it, and
# see the plugin's warning in the build log (clang-tidy ran from the
# installed plugin path).
#   cmake_package.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
test -f "$work/prefix/lib/dispatch-tidy/libDispatchTidy.so"
test -x "$work/prefix/bin/dispatch-scan"
test -f "$work/prefix/share/dispatch-tidy/cuda/nvcc_to_clang.py"
test -f "$work/prefix/share/dispatch-tidy/cuda/nvcc-rules.json"
# The installed nvcc translator runs with its rules table beside it.
python3 "$work/prefix/share/dispatch-tidy/cuda/nvcc_to_clang.py" \
  "$src/test/lit/integrations/Inputs/nvcc_db.json" "$work/nvcc-db/compile_commands.json"
grep -q "\"$work/prefix/share/dispatch-tidy/cuda/include\"" "$work/nvcc-db/compile_commands.json"
test -f "$work/prefix/share/doc/dispatch-tidy/checks/dispatch-implicit-conversion.md"
cmake -S "$src/integrations/cmake-example" -B "$work/example" -G Ninja \
  -DCMAKE_CXX_COMPILER=clang++-16 -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_PREFIX_PATH="$work/prefix" \
  > "$work/configure.log"
grep -q "dispatch-tidy plugin: $work/prefix/lib/dispatch-tidy/libDispatchTidy.so" "$work/configure.log"
cmake --build "$work/example" > "$work/build.log" 2>&1
cat "$work/build.log"
grep -q "features.cpp:6:3: warning: constructor 'Features::Features(std::vector<float>)' makes .* \[dispatch-implicit-conversion\]" "$work/build.log"
# The installed dispatch-scan runs too (its RPATH finds Clang's libraries).
"$work/prefix/bin/dispatch-scan" collect -p "$work/example" --root "$src/integrations/cmake-example" \
  --no-progress -o "$work/facts.json" 2> /dev/null
"$work/prefix/bin/dispatch-scan" report "$work/facts.json" | tee "$work/report.txt"
grep -q "src/features.cpp:6 .* Features .* 1 " "$work/report.txt"
echo "cmake package: OK"
