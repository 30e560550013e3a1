#include <utility>

// Built only from what nothing but the template takes: no dependent.
template <class F> struct Functor {
  template <class G> Functor(G &&g) : f(std::forward<G>(g)) {}
  F f;
};
struct Twice {
  int operator()(int x) const { return 2 * x; }
};
int apply(int x) {
  Twice t;
  Functor<Twice> w(t);
  return w.f(x);
}

struct Storage {
  int n = 0;
};
struct Adaptor {
  Adaptor(const Storage &s) : n(s.n) {}
  template <class D> Adaptor(D &&d) : n(d.n) {}
  int n;
};
int takes(Storage &s) { // dependent: D = Storage& beats const Storage&
  Adaptor a(s);
  return a.n;
}
int named(const Storage &s) { // Adaptor(const Storage&) as without the template
  Adaptor a(s);
  return a.n;
}
int caller(Storage &s) { return takes(s) + named(s); }
