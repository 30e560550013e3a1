// Library code that uses a conversion only once instantiated for the
// project's types, in the shapes the project traversal scope must keep
// (dispatch/TraversalScope.h). Included with -isystem.
#pragma once
namespace lib {
template <class T> T declval();
// The is_nothrow_convertible shape: the conversion in an unevaluated operand
// in the return type of a member template instantiated for <From, To>.
template <bool B> struct bool_constant { static constexpr bool value = B; };
template <class From, class To> struct is_nothrow_convertible {
  template <class T> static void aux(T) noexcept;
  template <class F, class T> static bool_constant<noexcept(aux<T>(declval<F>()))> test(int);
  template <class, class> static bool_constant<false> test(...);
  static constexpr bool value = decltype(test<From, To>(0))::value;
};
// A class instantiated for library types only, whose member template is
// instantiated for a project type.
template <class A> struct Box {
  template <class U> A take(U u) { return u; }
};
// A non-template class with a member template.
struct Sink {
  template <class T> float put(T x) { return x; }
};
// A template whose only argument is a project function.
template <auto F> struct Caller {
  static float call() { return F(); }
};
} // namespace lib
