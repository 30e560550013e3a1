// A converting constructor whose parameters all have defaults is the default
// constructor too: `explicit` would also reject copy-list-initialisation
// from empty braces (`P p = {};`, `return {};`, `take({})`: "chosen
// constructor is explicit in copy-initialization"). The fix rewrites those
// as `P{}`; they are no use of the conversion (dynet's
// `ParameterInitNormal(float m = 0, float v = 1)`). The fixed file is
// compiled.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17

namespace gnn {
struct Normal {
  Normal(float m = 0, float v = 1) : m(m), v(v) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'gnn::Normal::Normal(float, float)' makes 'float' implicitly convertible to 'gnn::Normal' [{{.*}}]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'gnn::Normal' now also accepts 'float'{{.*}}
  // CHECK-NOTES: :29:14: note: used implicitly here
  // CHECK-FIXES: {{^}}  explicit Normal(float m = 0, float v = 1) : m(m), v(v) {}
  float m, v;
};

Normal make() { return {}; }
// CHECK-FIXES: {{^}}Normal make() { return Normal{}; }
void take(Normal);
void init() {
  Normal p = {};
  // CHECK-FIXES: {{^}}  Normal p = Normal{};
  Normal q{};
  take({});
  // CHECK-FIXES: {{^}}  take(Normal{});
  Normal r = 0.5f;
  // CHECK-FIXES: {{^}}  Normal r = Normal(0.5f);
  (void)p, (void)q, (void)r;
}
} // namespace gnn
