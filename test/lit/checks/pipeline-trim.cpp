// When clang-tidy runs only dispatch-* checks, the plugin switches off
// clang-tidy 16's module-header re-lexing of C++20 TUs (nothing of ours reads
// it); with any other check, or TraverseProjectCodeOnly=false, clang-tidy's
// pipeline stays whole. The library header's #warning is counted once per
// preprocessor that lexes it: once trimmed, twice with the re-lexing.
//
// RUN: %clang_tidy --checks='-*,dispatch-*' %s -- -std=c++20 -isystem %inputs/system 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRIMMED
// RUN: %clang_tidy --checks='-*,dispatch-*' --config="{CheckOptions: {TraverseProjectCodeOnly: false}}" \
// RUN:   %s -- -std=c++20 -isystem %inputs/system 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: %clang_tidy --checks='-*,dispatch-*,google-explicit-constructor' %s -- -std=c++20 \
// RUN:   -isystem %inputs/system 2>&1 | FileCheck %s --check-prefix=WHOLE
// Without modules semantics there is no re-lexing to skip.
// RUN: %clang_tidy --checks='-*,dispatch-*,google-explicit-constructor' %s -- -std=c++17 \
// RUN:   -isystem %inputs/system 2>&1 | FileCheck %s --check-prefix=TRIMMED
//
// TRIMMED: Suppressed 1 warnings (1 with check filters).
// WHOLE: Suppressed 2 warnings (2 with check filters).
#include <fake_noisy.h>

int main() { return lib_value(); }
