// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
//
// A converting constructor of a class template partial specialisation: the
// message names the types as written ('ten::storage<S *>', 'const S *'), never
// clang's canonical 'type-parameter-0-0'.
namespace ten {
template <class S> struct storage {
  using param_type = const S &;
  explicit storage(param_type s) : s_(s) {}
  S s_;
};
template <class S> struct storage<S *> {
  using param_type = const S *;
  storage(param_type p = nullptr) : p_(p) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'ten::storage::storage(param_type)' makes 'const S *' implicitly convertible to 'ten::storage<S *>' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit storage(param_type p = nullptr) : p_(p) {}
  const S *p_;
};
void take(storage<int *>);

// A typedef for another class's member says more by its own name ('ten::sized::value_type') than by
// 'typename B::value_type'; what it is, the specialisations tell (float in the only one here).
template <class B> struct sized : B {
  using value_type = typename B::value_type;
  sized(const value_type &v) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'ten::sized::sized(const value_type &)' makes 'ten::sized::value_type' implicitly convertible to 'ten::sized<B>' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit sized(const value_type &v) {}
};
struct float_base { using value_type = float; };
void fill(sized<float_base>);
} // namespace ten

int main() {
  int x = 0;
  ten::take(&x);
  // CHECK-FIXES: {{^}}  ten::take(ten::storage<int *>(&x));
  ten::fill(1.0f);
  // CHECK-FIXES: {{^}}  ten::fill(ten::sized<ten::float_base>(1.0f));
}
