// Misspelt option names and invalid values are reported, not ignored.
// RUN: %clang_tidy --checks='-*,dispatch-implicit-conversion,dispatch-greedy-constructor' \
// RUN:   --config="{CheckOptions: {dispatch-implicit-conversion.MinimumBreath: ubiquitous, dispatch-implicit-conversion.FixCallSite: false, dispatch-greedy-constructor.MakeExplicit: maybe, dispatch-greedy-constructor.Bogus: 1}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s
// CHECK-DAG: unknown option 'dispatch-implicit-conversion.MinimumBreath'; did you mean 'dispatch-implicit-conversion.MinimumBreadth'?
// CHECK-DAG: unknown option 'dispatch-implicit-conversion.FixCallSite'; did you mean 'dispatch-implicit-conversion.FixCallSites'?
// CHECK-DAG: unknown option 'dispatch-greedy-constructor.Bogus'; dispatch-greedy-constructor reads no such option
// CHECK-DAG: invalid boolean 'maybe' for option 'MakeExplicit'; using the default
// RUN: %clang_tidy --checks='-*,dispatch-implicit-conversion' \
// RUN:   --config="{CheckOptions: {dispatch-implicit-conversion.MinimumBreadth: widest}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s --check-prefix=ENUM
// ENUM: invalid configuration value 'widest' for option 'dispatch-implicit-conversion.MinimumBreadth'
// A global option given per check is known.
// RUN: %clang_tidy --checks='-*,dispatch-implicit-conversion' \
// RUN:   --config="{CheckOptions: {dispatch-implicit-conversion.SourceRoots: /nowhere}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s --allow-empty --check-prefix=GLOBAL
// GLOBAL-NOT: unknown option
// GLOBAL-NOT: HeaderFilterRegex
struct C {
  C(int) {}
};
