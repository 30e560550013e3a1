// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++20
//
// Uses inside unevaluated operands (decltype, sizeof, noexcept, requires) are
// detection probes: nothing is converted at run time, so they make no finding
// effective and get no rewrite.

template <class T> T &&declval();

namespace ser {
// Only ever used in probes: latent, silent.
struct AnyConvert { template <class Dest> operator Dest &() const; };
template <class T> struct has_load {
  template <class TT>
  static auto test(int) -> decltype(load(declval<TT &>(), AnyConvert()), true);
  template <class> static bool test(...);
  static constexpr bool value = sizeof(test<T>(0)) == sizeof(bool);
};

struct Probe { Probe(int) {} };
int take(Probe);
constexpr unsigned size_probe = sizeof(take(1));
constexpr bool nothrow_probe = noexcept(take(2));
template <class T> concept Takes = requires(T t) { take(t); };
static_assert(Takes<int>);

// Used in a probe and for real: reported, both shown, no automatic fix.
struct Index { Index(long) {} };
// CHECK-NOTES: :[[@LINE-1]]:16: warning: constructor 'ser::Index::Index(long)' makes 'long' implicitly convertible to 'ser::Index' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :[[@LINE-2]]:16: note: every overload taking 'ser::Index' now also accepts 'long' (an arithmetic type)
// CHECK-NOTES: :[[@LINE+5]]:32: note: used implicitly here
// CHECK-NOTES: :[[@LINE+3]]:40: note: used in an unevaluated operand here
// CHECK-NOTES: :[[@LINE+2]]:40: note: no automatic fix: this use is in an unevaluated operand
int at(Index);
constexpr unsigned at_size = sizeof(at(3L));
inline int first() { return at(0L); }
} // namespace ser

namespace app { struct Cfg {}; void load(Cfg &, const int &) {} }
static_assert(ser::has_load<app::Cfg>::value);
