// When clang-tidy runs only dispatch-* checks, the plugin switches off
// clang-tidy 16's module-header re-lexing of C++20 TUs (nothing of ours reads
// it); with any other check, or TraverseProjectCodeOnly=false, clang-tidy's
// pipeline stays whole. The library header's #warning is counted once per
// preprocessor that lexes it: once trimmed, twice with the re-lexing.
// clang-tidy 19 re-lexes only when asked (--enable-module-headers-parsing,
// opt-in since 17): there the tally is one in every default run, and an
// explicit request is respected (two), trimmed or not.
//
// RUN: %clang_tidy --checks='-*,dispatch-*' %s -- -std=c++20 -isystem %inputs/system 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRIMMED
// RUN: %clang_tidy --checks='-*,dispatch-*' --config="{CheckOptions: {TraverseProjectCodeOnly: false}}" \
// RUN:   %s -- -std=c++20 -isystem %inputs/system 2>&1 | FileCheck %s --check-prefix=WHOLE-%llvm_major
// RUN: %clang_tidy --checks='-*,dispatch-*,google-explicit-constructor' %s -- -std=c++20 \
// RUN:   -isystem %inputs/system 2>&1 | FileCheck %s --check-prefix=WHOLE-%llvm_major
// Without modules semantics there is no re-lexing to skip.
// RUN: %clang_tidy --checks='-*,dispatch-*,google-explicit-constructor' %s -- -std=c++17 \
// RUN:   -isystem %inputs/system 2>&1 | FileCheck %s --check-prefix=TRIMMED
// clang-tidy 19's opt-in, with only dispatch-* checks: not overridden.
// RUN: %if llvm19 %{ %clang_tidy --enable-module-headers-parsing --checks='-*,dispatch-*' %s \
// RUN:   -- -std=c++20 -isystem %inputs/system 2>&1 | FileCheck %s --check-prefix=OPTED-IN %}
//
// TRIMMED: Suppressed 1 warnings (1 with check filters).
// WHOLE-16: Suppressed 2 warnings (2 with check filters).
// WHOLE-19: Suppressed 1 warnings (1 with check filters).
// OPTED-IN: Suppressed 2 warnings (2 with check filters).
#include <fake_noisy.h>

int main() { return lib_value(); }
