// The fix needs <type_traits>: added where clang-tidy's IncludeInserter puts
// it (sorted into the system includes, LLVM style), and only when the TU does
// not already declare the trait it uses.
// RUN: %check_dispatch_tidy %s dispatch-greedy-constructor %t -- -std=c++20

#include <cstddef>
// CHECK-FIXES: {{^}}#include <cstddef>
// CHECK-FIXES-NEXT: {{^}}#include <type_traits>

namespace gnn {
struct Box {
  Box() = default;
  template <class U> Box(U &&u) : size(sizeof(u)) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: unconstrained forwarding-reference constructor template 'gnn::Box::Box(U &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-FIXES: {{^}}  template <class U> requires (!std::is_base_of_v<Box, std::remove_cvref_t<U>>) explicit Box(U &&u) : size(sizeof(u)) {}
  std::size_t size = 0;
};
Box a;
Box b(a); // a non-const lvalue: the template takes the copy
} // namespace gnn
