// RUN: %check_dispatch_tidy --check-suffix=CXX20 %s dispatch-greedy-constructor %t-20 -- -std=c++20
// RUN: %check_dispatch_tidy --check-suffix=CXX17 %s dispatch-greedy-constructor %t-17 -- -std=c++17

#include <type_traits>
#include <utility>

namespace gnn {

struct Tensor {
  Tensor() = default;
  Tensor(const Tensor &) = default;
  template <class U> Tensor(U &&u) : size(sizeof(u)) {}
  // CHECK-MESSAGES-CXX20: :[[@LINE-1]]:22: warning: unconstrained forwarding-reference constructor template 'gnn::Tensor::Tensor(U &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-MESSAGES-CXX17: :[[@LINE-2]]:22: warning: unconstrained forwarding-reference constructor template {{.*}} [dispatch-greedy-constructor]
  // CHECK-FIXES-CXX20: {{^}}  template <class U> requires (!std::is_base_of_v<Tensor, std::remove_cvref_t<U>>) explicit Tensor(U &&u) : size(sizeof(u)) {}
  // CHECK-FIXES-CXX17: {{^}}  template <class U, std::enable_if_t<(!std::is_base_of<Tensor, std::decay_t<U>>::value), int> = 0> explicit Tensor(U &&u) : size(sizeof(u)) {}
  unsigned long size = 0;
};

struct Args { int n = 0; // something a copy copies
  template <class... Ts> Args(Ts &&...ts) {}
  // CHECK-MESSAGES-CXX20: :[[@LINE-1]]:26: warning: unconstrained variadic constructor template 'gnn::Args::Args(Ts &&...)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-MESSAGES-CXX17: :[[@LINE-2]]:26: warning: unconstrained variadic {{.*}} [dispatch-greedy-constructor]
  // CHECK-FIXES-CXX20: {{^}}  template <class... Ts> requires (sizeof...(Ts) != 1 || ((!std::is_base_of_v<Args, std::remove_cvref_t<Ts>>) && ...)) Args(Ts &&...ts) {}
  // CHECK-FIXES-CXX17: {{^}}  template <class... Ts, std::enable_if_t<(sizeof...(Ts) != 1 || ((!std::is_base_of<Args, std::decay_t<Ts>>::value) && ...)), int> = 0> Args(Ts &&...ts) {}
};

struct Value {
  template <class T> Value(T v) {}
  // CHECK-MESSAGES-CXX20: :[[@LINE-1]]:22: warning: unconstrained by-value constructor template {{.*}} [dispatch-greedy-constructor]
  // CHECK-MESSAGES-CXX17: :[[@LINE-2]]:22: warning: unconstrained by-value constructor template {{.*}} [dispatch-greedy-constructor]
  // CHECK-FIXES-CXX20: {{^}}  template <class T> requires (!std::is_base_of_v<Value, std::remove_cvref_t<T>>) explicit Value(T v) {}
};

void sink(Value);
void use() {
  Tensor a;
  Tensor b = a; // the template wins over the copy constructor here
  Args pack(1, 2.0);
  Args again(pack); // the template takes the copy of a non-const lvalue
  sink(3);
  // CHECK-FIXES-CXX20: {{^}}  sink(Value(3));
  // CHECK-FIXES-CXX17: {{^}}  sink(Value(3));
}

// Negative cases: constrained in every way the check knows, or not greedy.
#if __cplusplus >= 202002L
template <class T> concept Numeric = std::is_arithmetic_v<T>;
struct Concepts {
  template <Numeric U> Concepts(U &&);
  template <class U> requires Numeric<U> Concepts(U, int = 0);
  template <class U> Concepts(U &) requires Numeric<U>;
};
#endif
struct Constrained {
  template <class U, class = std::enable_if_t<std::is_enum<U>::value>> Constrained(U &);
  template <class U, std::enable_if_t<std::is_pointer<U>::value, int> = 0> Constrained(U);
  template <class U> Constrained(const U &); // const ref: copy still wins; implicit-conversion's job
  template <class U> Constrained(U &&, int); // needs two arguments
  template <class U> Constrained(U &&, typename U::tag * = nullptr); // SFINAE on U::tag
  template <class U> explicit Constrained(U); // explicit by value: never a copy, never implicit
};
// The pre-C++11 `= delete`: a private constructor template never defined
// (dlib's catchers), which nothing can use.
class Catcher {
public:
  Catcher(int) {}
  Catcher(const Catcher &) = default;

private:
  template <class U> Catcher(U);
  template <class U> Catcher(U &&, int = 0);
};

} // namespace gnn
