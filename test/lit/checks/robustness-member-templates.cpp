// Shapes that once crashed the overload oracle's constraint judgement (a
// member template of a class template specialisation, deduced out of its
// class's instantiation context; found by the g++.dg run): no crash, no
// finding, and the same with every check.
// RUN: %check_dispatch_tidy %s 'dispatch-*' %t -- -std=c++17

template <int N> struct Width { typedef int type; };
template <class T> struct Make { static T get(); };

template <class F> struct Binder {
  template <class... Args>
  typename Width<sizeof(Make<F>::get()(Make<Args>::get()...))>::type call(Args &&...a);
};
struct Pred {
  bool operator()(int) const;
};

template <class...> struct pack {};
template <class...> class Apply;
template <template <class...> class P, class... A, class... B> class Apply<P<A...>, P<B...>> {
public:
  template <class Fn, class... C>
  auto run(Fn fn, B... b, C... c) -> decltype(fn(b..., c...)) { return fn(b..., c...); }
};
struct First {
  template <class T, class... R> T operator()(T t, R...) { return t; }
};

int use() {
  Binder<Pred> b;
  b.call(1);
  Apply<pack<>, pack<char, int>> a;
  a.run(First(), 'a', 2, "more");
  return a.run(First(), 'a', 2);
}
