#!/usr/bin/env bash
# The Debian package: built with CPack from the build tree, its metadata and
# file list checked, installed with dpkg into a separate root (its own dpkg
# database, so the test machine's is left alone), its dependencies present
# on this machine, and clang-tidy run with the plugin from the installed path.
#   deb_package.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
(cd "$build" && cpack -G DEB -B "$work/out" > "$work/cpack.log")
deb=$(ls "$work"/out/dispatch-tidy_*.deb)
echo "package: $(basename "$deb")"
dpkg-deb -f "$deb" Package Version Architecture Depends
dpkg-deb -c "$deb" > "$work/contents.txt"
for f in ./usr/bin/dispatch-scan ./usr/bin/dispatch-clangd ./usr/lib/dispatch-tidy/libDispatchTidy.so \
         ./usr/lib/cmake/DispatchTidy/DispatchTidyConfig.cmake \
         ./usr/share/dispatch-tidy/cuda/nvcc_to_clang.py \
         ./usr/share/dispatch-tidy/cuda/nvcc-rules.json \
         ./usr/share/dispatch-tidy/cuda/include/dispatch_cuda_shims.h \
         ./usr/share/doc/dispatch-tidy/dispatch-scan.md; do
  grep -q " $f\$" "$work/contents.txt" || { echo "missing from the package: $f"; exit 1; }
done
# Every dependency is an installed package here.
dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/(.*//; s/ //g' | while read -r dep; do
  dpkg -s "$dep" > /dev/null 2>&1 || { echo "dependency not installed: $dep"; exit 1; }
done
# dpkg install into its own root.
root="$work/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
dpkg --root="$root" --force-not-root --force-depends --force-script-chrootless --log=/dev/null \
  -i "$deb" > "$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; exit 1; }
dpkg --root="$root" -s dispatch-tidy | grep -q "Status: install ok installed"
plugin="$root/usr/lib/dispatch-tidy/libDispatchTidy.so"
cat > "$work/t.cpp" <<'CPP'
struct Index { Index(int bits) : bits(bits) {} int bits; };
int width(Index i) { return i.bits; }
int use() { return width(32); }
CPP
clang-tidy-16 --load="$plugin" --checks='-*,dispatch-*' "$work/t.cpp" -- -std=c++17 > "$work/tidy.txt" 2>&1 || true
cat "$work/tidy.txt"
grep -q "t.cpp:1:16: warning: constructor 'Index::Index(int)' .*\[dispatch-implicit-conversion\]" "$work/tidy.txt"
"$root/usr/bin/dispatch-scan" --help > /dev/null
"$root/usr/bin/dispatch-clangd" --help > /dev/null
# The installed nvcc translator runs with its rules table beside it.
python3 "$root/usr/share/dispatch-tidy/cuda/nvcc_to_clang.py" \
  "$src/test/lit/integrations/Inputs/nvcc_db.json" "$work/nvcc-db/compile_commands.json"
grep -q "\"$root/usr/share/dispatch-tidy/cuda/include\"" "$work/nvcc-db/compile_commands.json"
echo "deb package: OK"
