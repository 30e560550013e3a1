// A greedy constructor is effective where clang resolves a copy of a non-const
// lvalue of its class (or of a class template's specialisations in the TU) to
// it, whether or not the TU copies one; where it takes a construction from
// another constructor, leaves one ambiguous, or converts implicitly. Else, a
// wrapper built explicitly from what only the template accepts shows no
// effect: latent (ReportLatent). The counterfactuals are clang's (the oracle).
// RUN: %check_dispatch_tidy --check-suffix=DEFAULT %s dispatch-greedy-constructor %t -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-greedy-constructor %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17

#include <utility>

namespace gnn {

// Built from a functor, spelled; a non-const copy goes to the template.
template <class F> struct Functor {
  template <class G> Functor(G &&g) : f(std::forward<G>(g)) {}
  // CHECK-NOTES-DEFAULT: :[[@LINE-1]]:22: warning: unconstrained forwarding-reference constructor template 'gnn::Functor::Functor(G &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-DEFAULT: :[[@LINE-2]]:22: note: a copy of a non-const 'gnn::Functor<gnn::Twice>' resolves to this template, not to the copy constructor
  // CHECK-NOTES-LATENT: :[[@LINE-3]]:22: warning: unconstrained forwarding-reference constructor template 'gnn::Functor::Functor(G &&)' {{.*}}
  // CHECK-NOTES-LATENT: :[[@LINE-4]]:22: note: a copy of a non-const 'gnn::Functor<gnn::Twice>' {{.*}}
  F f;
};
struct Twice {
  int operator()(int x) const { return 2 * x; }
};
int apply(int x) {
  Twice t;
  Functor<Twice> wrapped(t); // Twice is no Functor: only the template fits
  return wrapped.f(x);
}

// Built from its storage: the template takes the non-const lvalue from the
// converting constructor.
struct Storage {
  int n = 0;
};
struct Adaptor {
  Adaptor(const Storage &s) : n(s.n) {}
  template <class D> Adaptor(D &&d) : n(d.n) {}
  // CHECK-NOTES-DEFAULT: :[[@LINE-1]]:22: warning: unconstrained forwarding-reference constructor template 'gnn::Adaptor::Adaptor(D &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-DEFAULT: :[[@LINE-2]]:22: note: a copy of a non-const 'gnn::Adaptor' resolves to this template, not to the copy constructor
  // CHECK-NOTES-DEFAULT: :58:11: note: without the template, this construction would resolve to 'gnn::Adaptor::Adaptor(const Storage &)'
  // CHECK-NOTES-DEFAULT: :59:11: note: without the template, this construction would resolve to 'gnn::Adaptor::Adaptor(const Adaptor &)'
  // CHECK-NOTES-DEFAULT: :60:15: note: used implicitly here
  // CHECK-NOTES-LATENT: :[[@LINE-6]]:22: warning: unconstrained forwarding-reference constructor template 'gnn::Adaptor::Adaptor(D &&)' {{.*}}
  // CHECK-NOTES-LATENT: :[[@LINE-7]]:22: note: a copy of a non-const {{.*}}
  // CHECK-NOTES-LATENT: :58:11: note: without the template, {{.*}}
  // CHECK-NOTES-LATENT: :59:11: note: without the template, {{.*}}
  // CHECK-NOTES-LATENT: :60:15: note: used implicitly here
  // CHECK-FIXES: {{^}}  template <class D, std::enable_if_t<(!std::is_base_of<Adaptor, std::decay_t<D>>::value), int> = 0> explicit Adaptor(D &&d) : n(d.n) {}
  int n;
};
struct Pod {
  int n = 3;
};
int adapt(Storage &s, Adaptor &other, const Pod &p) {
  Adaptor a(s);     // a non-const Storage: D = Storage& beats const Storage&
  Adaptor b(other); // a non-const Adaptor: D = Adaptor& beats the copy
  Adaptor c = p;    // nothing else converts a Pod: an implicit conversion
  // CHECK-FIXES: {{^}}  Adaptor c = Adaptor(p);    // nothing else converts a Pod: an implicit conversion
  return a.n + b.n + c.n;
}

// Moved from an rvalue: the move constructor wins (a non-template beats an
// equally good template) but the template is viable beside it, and the same
// code with a non-const lvalue would go to it: a competing candidate, the
// hazard xtensor's xexpression_holder has.
struct Holder {
  Holder() = default;
  Holder(Holder &&) = default;
  Holder(const Holder &) = default;
  template <class E> Holder(E &&e) {}
  // CHECK-NOTES-DEFAULT: :[[@LINE-1]]:22: warning: unconstrained forwarding-reference constructor template 'gnn::Holder::Holder(E &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-DEFAULT: :[[@LINE-2]]:22: note: a copy of a non-const 'gnn::Holder' resolves to this template, not to the copy constructor
  // CHECK-NOTES-DEFAULT: :[[@LINE+9]]:10: note: the template is viable at this copy too: it would take a non-const or derived argument
  // CHECK-NOTES-LATENT: :[[@LINE-4]]:22: warning: unconstrained forwarding-reference constructor template 'gnn::Holder::Holder(E &&)' {{.*}}
  // CHECK-NOTES-LATENT: :[[@LINE-5]]:22: note: a copy of a non-const {{.*}}
  // CHECK-NOTES-LATENT: :[[@LINE+6]]:10: note: the template is viable at this copy too: {{.*}}
  // CHECK-FIXES: {{^}}  template <class E, std::enable_if_t<(!std::is_base_of<Holder, std::decay_t<E>>::value), int> = 0> explicit Holder(E &&e) {}
  int handle = 0; // what a copy copies (an empty class with a no-op template has nothing)
};
Holder hold() {
  Holder h;
  Holder m(std::move(h));
  return m;
}

// A non-const copy constructor is an exact match for a non-const lvalue and
// a non-template: the copy still avoids the template. Built only from what
// nothing else takes: no effect.
struct Pinned {
  Pinned() = default;
  Pinned(Pinned &) = default;
  Pinned(const Pinned &) = default;
  template <class G> Pinned(G &&g) {}
  // CHECK-NOTES-LATENT: :[[@LINE-1]]:22: warning: unconstrained forwarding-reference constructor template 'gnn::Pinned::Pinned(G &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-LATENT: :[[@LINE-2]]:22: note: a copy of a non-const 'gnn::Pinned' still resolves to the copy constructor
  // CHECK-NOTES-LATENT: :[[@LINE+14]]:10: note: constructed explicitly here, no other constructor viable: no effect
  // CHECK-NOTES-LATENT: :[[@LINE-4]]:22: note: latent: no effect in this translation unit (shown by the ReportLatent option)
};
// The class's own pack makes the template take two arguments in every
// specialisation the TU has: the copy is safe (tiny-dnn's copy of xtensor's
// xfunction).
template <class... CT> struct Expr {
  template <class Func> Expr(Func &&f, const CT &...e) {}
  // CHECK-NOTES-LATENT: :[[@LINE-1]]:25: warning: unconstrained {{.*}} constructor template 'gnn::Expr::Expr(Func &&, const CT &...)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-LATENT: :[[@LINE-2]]:25: note: a copy of a non-const 'gnn::Expr<int>' still resolves to the copy constructor
  // CHECK-NOTES-LATENT: :[[@LINE+5]]:13: note: constructed explicitly here, no other constructor viable: no effect
  // CHECK-NOTES-LATENT: :[[@LINE-4]]:25: note: latent: no effect in this translation unit (shown by the ReportLatent option)
};
int pin(Twice t) {
  Pinned p(t);
  Expr<int> e(t, 1);
  Expr<int> copy = e;
  return 0;
}

// Explicit and by value: no copy, no copy-initialisation, but a spelled
// construction whose argument needs a conversion for the other constructor
// goes to the template (held-out set: `Embedding tok(vocab.size())`). No
// fix: which arguments to leave to `Embedding(int)` is a design decision.
struct Embedding {
  explicit Embedding(int n) : n(n) {}
  template <class Init> explicit Embedding(Init init) : n(static_cast<int>(init)) {}
  // CHECK-NOTES-DEFAULT: :[[@LINE-1]]:34: warning: unconstrained by-value constructor template 'gnn::Embedding::Embedding(Init)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-DEFAULT: :[[@LINE-2]]:34: note: every spelled construction of 'Embedding' from one argument considers it, and it wins wherever the argument needs a conversion for the other constructors
  // CHECK-NOTES-DEFAULT: :[[@LINE+18]]:13: note: without the template, this construction would resolve to 'gnn::Embedding::Embedding(int)'
  // CHECK-NOTES-LATENT: :[[@LINE-4]]:34: warning: unconstrained by-value constructor template 'gnn::Embedding::Embedding(Init)' {{.*}}
  // CHECK-NOTES-LATENT: :[[@LINE-5]]:34: note: every spelled construction {{.*}}
  // CHECK-NOTES-LATENT: :[[@LINE+15]]:13: note: without the template, this construction would resolve to 'gnn::Embedding::Embedding(int)'
  // CHECK-FIXES-DEFAULT: {{^}}  template <class Init> explicit Embedding(Init init) : n(static_cast<int>(init)) {}
  int n;
};
// The same with only constructions the template alone can take: latent.
struct Table {
  explicit Table(int n) : n(n) {}
  template <class Init> explicit Table(Init init) : n(sizeof(init)) {}
  // CHECK-NOTES-LATENT: :[[@LINE-1]]:34: warning: unconstrained by-value constructor template 'gnn::Table::Table(Init)' {{.*}}
  // CHECK-NOTES-LATENT: :[[@LINE-2]]:34: note: every spelled construction {{.*}}
  // CHECK-NOTES-LATENT: :[[@LINE+7]]:9: note: constructed explicitly here, no other constructor viable: no effect
  // CHECK-NOTES-LATENT: :[[@LINE-4]]:34: note: latent: no effect in this translation unit (shown by the ReportLatent option)
  int n;
};
int embed(unsigned long rows, Twice t) {
  Embedding tok(rows);
  Embedding pos(512);
  Table table(t);
  return tok.n + pos.n + table.n;
}

} // namespace gnn

// Also the input of scan/greedy-sites.test, which names lines of this file.
