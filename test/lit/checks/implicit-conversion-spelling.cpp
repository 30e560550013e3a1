// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
//
// The rewritten uses name the target type as the place of the use needs it:
// no qualifier that lookup there makes redundant, and every qualifier a
// nearer declaration of the same name makes necessary. The fixed file is
// compiled, so a wrong shortening fails the test.

namespace gnn {
namespace cuda {

struct Scale {
  Scale(float f) : f(f) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'gnn::cuda::Scale::Scale(float)' makes 'float' implicitly convertible to 'gnn::cuda::Scale' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit Scale(float f) : f(f) {}
  float f;
  Scale twice() const { return 2.0f * f; }
  // Inside the class its own name is the injected-class-name.
  // CHECK-FIXES: {{^}}  Scale twice() const { return Scale(2.0f * f); }
};

void apply(Scale s);

// In the namespace of the type: the bare name.
void in_cuda() { apply(2.0f); }
// CHECK-FIXES: {{^}}void in_cuda() { apply(Scale(2.0f)); }

namespace detail {
struct Scale {};
// A nearer 'Scale' hides the type: one qualifier is needed.
void in_detail() { apply(3.0f); }
// CHECK-FIXES: {{^}}void in_detail() { apply(cuda::Scale(3.0f)); }
} // namespace detail

struct Widget {
  void Scale();
  // A member named 'Scale' hides the type inside the class.
  void run() { apply(6.0f); }
  // CHECK-FIXES: {{^}}  void run() { apply(cuda::Scale(6.0f)); }
};

} // namespace cuda

// In the enclosing namespace: the inner namespace stays.
void in_gnn() { cuda::apply(4.0f); }
// CHECK-FIXES: {{^}}void in_gnn() { cuda::apply(cuda::Scale(4.0f)); }

} // namespace gnn

// At global scope: fully qualified.
void at_global() { gnn::cuda::apply(7.0f); }
// CHECK-FIXES: {{^}}void at_global() { gnn::cuda::apply(gnn::cuda::Scale(7.0f)); }

namespace other {
namespace gnn {}
// 'gnn' here is other::gnn: the spelling starts at the global namespace.
void hidden_namespace() { ::gnn::cuda::apply(8.0f); }
// CHECK-FIXES: {{^}}void hidden_namespace() { ::gnn::cuda::apply(::gnn::cuda::Scale(8.0f)); }
} // namespace other

// The message names a declaration in an anonymous namespace as its types
// are spelled: no `(anonymous namespace)::` that nobody writes.
namespace gnn {
namespace {
struct Stride {
  Stride(long s) : s(s) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'gnn::Stride::Stride(long)' makes 'long' implicitly convertible to 'gnn::Stride' [ubiquitous] [dispatch-implicit-conversion]
  long s;
};
long step(Stride st) { return st.s; }
long use_step() { return step(2L); }
// CHECK-FIXES: {{^}}long use_step() { return step(Stride(2L)); }
} // namespace
} // namespace gnn
