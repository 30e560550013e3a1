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
  // CHECK-NOTES: :27:34: note: 'overloaded_helper' leaves namespace 'detail' as the result of 'lib::overloaded'
  // CHECK-FIXES: {{^}}  template <class... T, std::enable_if_t<(sizeof...(T) != 1 || ((!std::is_base_of<overloaded_helper, std::decay_t<T>>::value) && ...)), int> = 0> overloaded_helper(T &&...t) : Fs(static_cast<T &&>(t))... {}
  using Fs::operator()...;
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
} // namespace lib

int main() {
  auto o = lib::overloaded([](int) { return 1; }, [](double) { return 2; });
  lib::detail::hidden<int> h = lib::detail::make_hidden();
  return o(1) + h.f;
}
