// A detail class that leaves its namespace as the result of a public function
// (dlib's `overloaded(fs...)` returns a `detail::overloaded_helper<Fs...>`)
// is held, and copied, by users: the copy of a non-const one is an effect
// again. A list-initialisation no other constructor could take
// (`overloaded_helper<Fs...>{f1, f2}`) is the template's own job: no effect.
// RUN: %check_dispatch_tidy %s dispatch-greedy-constructor %t -- -std=c++17

namespace lib {
namespace detail {
template <class... Fs> struct overloaded_helper : Fs... {
  template <class... T> overloaded_helper(T &&...t) : Fs(static_cast<T &&>(t))... {}
  // CHECK-NOTES: :[[@LINE-1]]:25: warning: unconstrained variadic constructor template 'lib::detail::overloaded_helper::overloaded_helper(T &&...)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES: :[[@LINE-2]]:25: note: a copy of a non-const 'lib::detail::overloaded_helper<(lambda at {{.*}}), (lambda at {{.*}})>' resolves to this template, not to the copy constructor
  // CHECK-NOTES: :35:34: note: 'overloaded_helper' leaves namespace 'detail' as the result of 'lib::overloaded'
  // CHECK-FIXES: {{^}}  template <class... T, std::enable_if_t<(sizeof...(T) != 1 || ((!std::is_base_of<overloaded_helper, std::decay_t<T>>::value) && ...)), int> = 0> overloaded_helper(T &&...t) : Fs(static_cast<T &&>(t))... {}
  using Fs::operator()...;
};
template <class F> struct picked {
  template <class T> picked(T &&t) : f(static_cast<T &&>(t)) {}
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: unconstrained forwarding-reference constructor template 'lib::detail::picked::picked(T &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: a copy of a non-const 'lib::detail::picked<(lambda at {{.*}})>' resolves to this template, not to the copy constructor
  // CHECK-NOTES: :37:35: note: 'picked' leaves namespace 'detail' as the result of 'lib::pick'
  // CHECK-FIXES: {{^}}  template <class T, std::enable_if_t<(!std::is_base_of<picked, std::decay_t<T>>::value), int> = 0> explicit picked(T &&t) : f(static_cast<T &&>(t)) {}
  F f;
};
// Never returned outside 'detail': latent.
template <class F> struct hidden {
  template <class T> hidden(T &&t) : f(static_cast<T &&>(t)) {}
  F f;
};
inline detail::hidden<int> make_hidden() { return detail::hidden<int>(1); }
} // namespace detail

template <class... Fs>
detail::overloaded_helper<Fs...> overloaded(Fs... fs) { return detail::overloaded_helper<Fs...>{fs...}; }
// dlib's own spelling: the result type is deduced.
template <class F> constexpr auto pick(F f) { return detail::picked<F>(f); }
} // namespace lib

int main() {
  auto o = lib::overloaded([](int) { return 1; }, [](double) { return 2; });
  lib::detail::hidden<int> h = lib::detail::make_hidden();
  auto p = lib::pick([](int) { return 3; });
  return o(1) + h.f + p.f(0);
}
