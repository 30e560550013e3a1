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
bash "$(dirname "${BASH_SOURCE[0]}")/../../setup/install-missing.sh" "${wanted[@]}"
echo "dispatch-tidy: packages present (${#wanted[@]}: compiler, CMake, Ninja, LLVM $v)"
