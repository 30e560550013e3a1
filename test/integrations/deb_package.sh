#!/usr/bin/env bash
# The Debian package of this build's LLVM variant (dispatch-tidy-llvm<V>):
# built with CPack from the build tree, its metadata and file list checked,
# installed with dpkg into a separate root (its own dpkg database, so the
# test machine's is left alone), its dependencies present on this machine,
# and the matching clang-tidy run with the plugin from the installed path.
# With OTHER_BUILD (the build of the other LLVM version), that variant's
# package is installed into the same root too: both side by side, each
# plugin loading into its own clang-tidy, each tool finding its own LLVM.
#   deb_package.sh BUILD_DIR SOURCE_DIR WORK_DIR [OTHER_BUILD]
set -euo pipefail
build=$1 src=$2 work=$3 other=${4:-}
rm -rf "$work" && mkdir -p "$work"
root="$work/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
cat > "$work/t.cpp" <<'CPP'
struct Index { Index(int bits) : bits(bits) {} int bits; };
int width(Index i) { return i.bits; }
int use() { return width(32); }
CPP

# Builds, checks and installs the package of build $1 (into $root).
package() {
  local b=$1 out="$work/out-$(basename "$1")"
  local v
  v=$(sed -n 's/^DISPATCH_LLVM_VERSION:STRING=//p' "$b/CMakeCache.txt")
  (cd "$b" && cpack -G DEB -B "$out" > "$out.cpack.log")
  local deb
  deb=$(ls "$out"/dispatch-tidy-llvm${v}_*.deb)
  echo "package: $(basename "$deb")"
  dpkg-deb -f "$deb" Package Version Architecture Depends
  test "$(dpkg-deb -f "$deb" Package)" = "dispatch-tidy-llvm$v"
  dpkg-deb -f "$deb" Depends | grep -q "clang-tidy-$v"
  dpkg-deb -c "$deb" > "$out.contents.txt"
  local vr=./usr/lib/dispatch-tidy/llvm-$v
  for f in ./usr/bin/dispatch-scan-$v ./usr/bin/dispatch-clangd-$v \
           $vr/bin/dispatch-scan $vr/bin/dispatch-clangd $vr/lib/libDispatchTidy.so \
           ./usr/lib/cmake/DispatchTidy-llvm$v/DispatchTidyConfig.cmake \
           ./usr/lib/cmake/DispatchTidy-llvm$v/DispatchTidyConfigVersion.cmake \
           $vr/share/dispatch-tidy/cuda/nvcc_to_clang.py \
           $vr/share/dispatch-tidy/cuda/nvcc-rules.json \
           $vr/share/dispatch-tidy/cuda/include/dispatch_cuda_shims.h \
           $vr/share/dispatch-tidy/ci/dispatch_gate.py \
           ./usr/share/doc/dispatch-tidy-llvm$v/dispatch-scan.md; do
    grep -q " $f\(\$\| -> \)" "$out.contents.txt" || { echo "missing from the package: $f"; exit 1; }
  done
  # Nothing outside the variant's own paths: two variants never share a file.
  if awk '{print $6}' "$out.contents.txt" | grep -v "/$" \
      | grep -v -e "^$vr/" -e "^./usr/bin/dispatch-[a-z]*-$v\$" -e "^./usr/lib/cmake/DispatchTidy-llvm$v/" \
                -e "^./usr/share/doc/dispatch-tidy-llvm$v/"; then
    echo "files outside the llvm-$v paths (above)"; exit 1
  fi
  # Every dependency is an installed package here.
  dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/(.*//; s/ //g' | while read -r dep; do
    dpkg -s "$dep" > /dev/null 2>&1 || { echo "dependency not installed: $dep"; exit 1; }
  done
  dpkg --root="$root" --force-not-root --force-depends --force-script-chrootless --log=/dev/null \
    -i "$deb" > "$out.dpkg.log" 2>&1 || { cat "$out.dpkg.log"; exit 1; }
  dpkg --root="$root" -s "dispatch-tidy-llvm$v" | grep -q "Status: install ok installed"
}

# Runs the installed variant $1: its plugin in clang-tidy-$1, its tools.
installed_works() {
  local v=$1 vr="$root/usr/lib/dispatch-tidy/llvm-$1"
  clang-tidy-$v --load="$vr/lib/libDispatchTidy.so" --checks='-*,dispatch-*' "$work/t.cpp" \
    -- -std=c++17 > "$work/tidy-$v.txt" 2>&1 || true
  cat "$work/tidy-$v.txt"
  grep -q "t.cpp:1:16: warning: constructor 'Index::Index(int)' .*\[dispatch-implicit-conversion\]" \
    "$work/tidy-$v.txt"
  "$root/usr/bin/dispatch-scan-$v" --version | tee "$work/scan-$v.txt"
  grep -q "built against LLVM $v\." "$work/scan-$v.txt"
  "$root/usr/bin/dispatch-clangd-$v" --help > /dev/null
  # The installed nvcc translator runs with its rules table beside it.
  python3 "$vr/share/dispatch-tidy/cuda/nvcc_to_clang.py" \
    "$src/test/lit/integrations/Inputs/nvcc_db.json" "$work/nvcc-db-$v/compile_commands.json"
  grep -q "\"$vr/share/dispatch-tidy/cuda/include\"" "$work/nvcc-db-$v/compile_commands.json"
}

package "$build"
v=$(sed -n 's/^DISPATCH_LLVM_VERSION:STRING=//p' "$build/CMakeCache.txt")
installed_works "$v"
if [ -n "$other" ] && [ -f "$other/lib/libDispatchTidy.so" ]; then
  package "$other"
  w=$(sed -n 's/^DISPATCH_LLVM_VERSION:STRING=//p' "$other/CMakeCache.txt")
  test "$w" != "$v" || { echo "OTHER_BUILD is LLVM $w too"; exit 1; }
  installed_works "$v"
  installed_works "$w"
  dpkg --root="$root" -l | grep -E "^ii +dispatch-tidy-llvm($v|$w) " | tee "$work/both.txt"
  test "$(wc -l < "$work/both.txt")" = 2
  echo "deb packages: OK (llvm$v and llvm$w side by side)"
else
  echo "deb package: OK (llvm$v; no other build given, side by side not exercised)"
fi
