#!/usr/bin/env bash
# CI step 1 (action.yml, GitLab template): the Debian/Ubuntu packages that
# building dispatch-tidy and compiling the project need, installed only when
# missing: a C/C++ compiler (g++ gives cc/c++; clang-N compiles the project),
# CMake, Ninja, LLVM/Clang N with its development files, clang-tidy-N.
#   DISPATCH_LLVM_VERSION  LLVM major version (default 16)
set -euo pipefail
v="${DISPATCH_LLVM_VERSION:-16}"
wanted=(git ca-certificates python3 cmake ninja-build g++ "clang-$v" "clang-tidy-$v" "libclang-$v-dev"
        "llvm-$v-dev" "llvm-$v-tools" nlohmann-json3-dev libcurl4-openssl-dev libzstd-dev
        libncurses-dev libedit-dev libffi-dev)
missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "dispatch-tidy: packages present (${#wanted[@]}: compiler, CMake, Ninja, LLVM $v)"
  exit 0
fi
echo "dispatch-tidy: installing ${missing[*]}"
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "dispatch-tidy: error: not root and no sudo to install ${missing[*]}" >&2; exit 2; }
  sudo_cmd="sudo"
fi
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
