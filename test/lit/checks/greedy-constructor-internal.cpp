// A class in a library's implementation-detail namespace (InternalNamespaces:
// detail, internal, impl, ... and anonymous namespaces) is constructed and
// copied by the library alone: the copy a user could write of a non-const
// object, and copies where the template is merely viable, are no effect
// there. Constructions the template takes still are. A public class with the
// same constructor stays effective through the copy query.
// RUN: %check_dispatch_tidy --check-suffix=DEFAULT %s dispatch-greedy-constructor %t -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-greedy-constructor %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=NONE %s dispatch-greedy-constructor %t-none \
// RUN:   --config="{CheckOptions: {InternalNamespaces: ''}}" -- -std=c++17

#include <utility>

namespace lib {
namespace detail {
// A non-const copy would go to the template, but only the library builds
// these wrappers, from what nothing else accepts.
template <class E> struct wrapper {
  template <class F> wrapper(F &&f) : e(std::forward<F>(f)) {}
  // CHECK-NOTES-LATENT: :20:22: warning: unconstrained forwarding-reference constructor template 'lib::detail::wrapper::wrapper(F &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-LATENT: :20:22: note: a copy of a non-const 'lib::detail::wrapper<int>' resolves to this template, not to the copy constructor
  // CHECK-NOTES-LATENT: :20:22: note: latent: 'wrapper' is in namespace 'detail', an implementation detail nobody else copies (shown by the ReportLatent option; namespaces: InternalNamespaces)
  // CHECK-MESSAGES-NONE: :20:22: warning: unconstrained forwarding-reference constructor template 'lib::detail::wrapper::wrapper(F &&)' {{.*}}
  E e;
};

// The library itself copies a non-const holder: the template takes that
// construction from the copy constructor, an effect even in 'detail'.
struct holder {
  holder() = default; int handle = 0; // something a copy copies
  template <class F> holder(F &&) {}
  // CHECK-NOTES-DEFAULT: :32:22: warning: unconstrained forwarding-reference constructor template 'lib::detail::holder::holder(F &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-DEFAULT: :32:22: note: a copy of a non-const 'lib::detail::holder' resolves to this template, not to the copy constructor
  // CHECK-NOTES-DEFAULT: :58:18: note: without the template, this construction would resolve to 'lib::detail::holder::holder(const holder &)'
  // CHECK-NOTES-LATENT: :32:22: warning: unconstrained forwarding-reference constructor template 'lib::detail::holder::holder(F &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-LATENT: :32:22: note: a copy of a non-const 'lib::detail::holder' resolves to this template, not to the copy constructor
  // CHECK-NOTES-LATENT: :58:18: note: without the template, this construction would resolve to 'lib::detail::holder::holder(const holder &)'
  // CHECK-MESSAGES-NONE: :32:22: warning: unconstrained forwarding-reference constructor template 'lib::detail::holder::holder(F &&)' {{.*}}
};
} // namespace detail

// The same constructor on a public class: every user can write the copy.
template <class E> struct expression {
  template <class F> expression(F &&f) : e(std::forward<F>(f)) {}
  // CHECK-NOTES-DEFAULT: :45:22: warning: unconstrained forwarding-reference constructor template 'lib::expression::expression(F &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-DEFAULT: :45:22: note: a copy of a non-const 'lib::expression<int>' resolves to this template, not to the copy constructor
  // CHECK-NOTES-LATENT: :45:22: warning: unconstrained forwarding-reference constructor template 'lib::expression::expression(F &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-LATENT: :45:22: note: a copy of a non-const 'lib::expression<int>' resolves to this template, not to the copy constructor
  // CHECK-MESSAGES-NONE: :45:22: warning: unconstrained forwarding-reference constructor template 'lib::expression::expression(F &&)' {{.*}}
  E e;
};

int use() {
  detail::wrapper<int> w(1);
  expression<int> x(2);
  detail::holder h;
  detail::holder copy(h);
  return w.e + x.e;
}
} // namespace lib

// The fixes (compiled after they are applied): wherever the finding is shown.
// CHECK-FIXES-LATENT: {{^}}  template <class F, std::enable_if_t<(!std::is_base_of<wrapper, std::decay_t<F>>::value), int> = 0> explicit wrapper(F &&f) : e(std::forward<F>(f)) {}
// CHECK-FIXES-NONE: {{^}}  template <class F, std::enable_if_t<(!std::is_base_of<wrapper, std::decay_t<F>>::value), int> = 0> explicit wrapper(F &&f) : e(std::forward<F>(f)) {}
// CHECK-FIXES-DEFAULT: {{^}}  template <class F, std::enable_if_t<(!std::is_base_of<holder, std::decay_t<F>>::value), int> = 0> explicit holder(F &&) {}
// CHECK-FIXES-LATENT: {{^}}  template <class F, std::enable_if_t<(!std::is_base_of<holder, std::decay_t<F>>::value), int> = 0> explicit holder(F &&) {}
// CHECK-FIXES-NONE: {{^}}  template <class F, std::enable_if_t<(!std::is_base_of<holder, std::decay_t<F>>::value), int> = 0> explicit holder(F &&) {}
// CHECK-FIXES-DEFAULT: {{^}}  template <class F, std::enable_if_t<(!std::is_base_of<expression, std::decay_t<F>>::value), int> = 0> explicit expression(F &&f) : e(std::forward<F>(f)) {}
// CHECK-FIXES-LATENT: {{^}}  template <class F, std::enable_if_t<(!std::is_base_of<expression, std::decay_t<F>>::value), int> = 0> explicit expression(F &&f) : e(std::forward<F>(f)) {}
// CHECK-FIXES-NONE: {{^}}  template <class F, std::enable_if_t<(!std::is_base_of<expression, std::decay_t<F>>::value), int> = 0> explicit expression(F &&f) : e(std::forward<F>(f)) {}
