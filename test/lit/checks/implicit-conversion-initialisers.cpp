// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17
//
// Base and member initialisers are direct-initialisations, with braces
// (`: Base{x}`, `: s_{x}`, dlib's `any_function(F &&f) : str{f}`) as with
// parentheses: they compile the same once the conversion is explicit, so
// they are no use of it. Only the copy-initialisation below is.

struct Size {
  Size(int n) : n(n) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'Size::Size(int)' makes 'int' implicitly convertible to 'Size' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'Size' now also accepts 'int' (an arithmetic type)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: latent: no effect in this translation unit (shown by the ReportLatent option)
  // CHECK-FIXES: {{^}}  explicit Size(int n) : n(n) {}
  int n;
};
struct Layer {
  Layer(int units) : units(units) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'Layer::Layer(int)' makes 'int' implicitly convertible to 'Layer' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'Layer' now also accepts 'int' (an arithmetic type)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: latent: no effect in this translation unit (shown by the ReportLatent option)
  // CHECK-FIXES: {{^}}  explicit Layer(int units) : units(units) {}
  int units;
};
struct Dense : Layer {
  Dense(int units, int in) : Layer{units}, size{in}, bias(in) {}
  Size size;
  Size bias;
};
struct Shape {
  Shape(int rank) : rank(rank) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'Shape::Shape(int)' makes 'int' implicitly convertible to 'Shape' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'Shape' now also accepts 'int' (an arithmetic type)
  // CHECK-NOTES: :39:16: note: used implicitly here
  // CHECK-NOTES: :45:18: note: used implicitly here
  // CHECK-FIXES: {{^}}  explicit Shape(int rank) : rank(rank) {}
  int rank;
};
Shape scalar = 0;
// CHECK-FIXES: {{^}}Shape scalar = Shape(0);
// A default member initialiser in braces is direct-list-initialisation too
// (xgboost's `ObjInfo task{ObjInfo::kRegression};`); with `=` it is a copy.
struct Kernel {
  Size width{3};
  Shape height = 5;
  // CHECK-FIXES: {{^}}  Shape height = Shape(5);
};

int main() { Dense d(3, 4); Kernel k; return d.units + k.width.n; }
