// A type-erasing holder takes foreign values only through its forwarding
// constructor template: without the template, `Holder h(values)` has no
// viable constructor — the copy and move constructors could reach their
// parameter only through the template itself. No hijack; only the copy of a
// non-const holder is one.
namespace gnn {
struct Holder {
  Holder() = default;
  Holder(const Holder &) {}
  Holder(Holder &&) {}
  template <class E> Holder(E &&) {}
};
struct Values { double v[4]; };

void run() {
  Values values{};
  Holder a(values);             // not hijacked: without the template, no viable function
  Holder b = Holder(values);    // the same
  Holder c(a);                  // hijacked: E && = Holder & beats const Holder &
  (void)b; (void)c;
}
} // namespace gnn
