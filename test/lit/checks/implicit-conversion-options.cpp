// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t \
// RUN:   --config="{CheckOptions: {dispatch-implicit-conversion.MinimumBreadth: ubiquitous, dispatch-implicit-conversion.FixCallSites: false}}" \
// RUN:   -- -std=c++17
// RUN: %clang_tidy --checks='-*,dispatch-implicit-conversion' --config="{CheckOptions: {dispatch-implicit-conversion.MinimumBreadth: ubiquitous}}" --dump-config %s -- -std=c++17 | FileCheck %s --check-prefix=CONFIG
// CONFIG-DAG: dispatch-implicit-conversion.MinimumBreadth: ubiquitous
// CONFIG-DAG: dispatch-implicit-conversion.FixCallSites: 'true'
// CONFIG-DAG: dispatch-implicit-conversion.ThirdPartyDirs: 'third_party;third-party;thirdparty;3rdparty;external;extern;_deps;deps;dependencies;vendor;submodules'

struct A {};
struct B {
  B(const A &) {} // ordinary: below the configured minimum breadth
};
struct C {
  C(int) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'C::C(int)' {{.*}}[ubiquitous] [dispatch-implicit-conversion]
};
void use(C);
void f() { use(1); } // FixCallSites=false: no fix at all
