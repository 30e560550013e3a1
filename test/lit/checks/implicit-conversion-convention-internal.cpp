// The explicit convention (an implicit converting constructor beside an
// explicit one from the same type in a related class) is about what users
// would write; classes in a library's implementation-detail namespace
// (InternalNamespaces) have none: there only implicit uses make the finding
// effective. The same pair in a public namespace is effective.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=NONE %s dispatch-implicit-conversion %t-none \
// RUN:   --config="{CheckOptions: {InternalNamespaces: ''}}" -- -std=c++17

#include <cstddef>

namespace lib {
namespace internal {
struct node {
  virtual ~node() = default;
  explicit node(std::size_t n) : n(n) {}
  std::size_t n;
};
struct leaf : node {
  leaf(std::size_t n) : node(n) {}
  // CHECK-FIXES-NONE: {{^}}  explicit leaf(std::size_t n) : node(n) {}
  // CHECK-MESSAGES-NONE: :[[@LINE-2]]:3: warning: constructor 'lib::internal::leaf::leaf(std::size_t)' makes 'std::size_t' implicitly convertible to 'lib::internal::leaf' {{.*}} [dispatch-implicit-conversion]
};
} // namespace internal

struct layer {
  virtual ~layer() = default;
  explicit layer(std::size_t n) : n(n) {}
  std::size_t n;
};
struct pool : layer {
  pool(std::size_t n) : layer(n) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'lib::pool::pool(std::size_t)' makes 'std::size_t' implicitly convertible to 'lib::pool' {{.*}} [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit pool(std::size_t n) : layer(n) {}
};
} // namespace lib
