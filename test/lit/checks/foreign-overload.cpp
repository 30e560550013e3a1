// RUN: %check_dispatch_tidy %s dispatch-foreign-overload %t -- -std=c++17 -isystem %inputs/system

#include <fake_std.h>
#include <fake_math.h>

namespace gnn {
struct BFloat16 { unsigned short bits; };
struct Tensor {};
} // namespace gnn

// Debug printing for a standard container at global scope: piracy.
std::ostream &operator<<(std::ostream &os, const std::vector<float> &) { return os; }
// CHECK-MESSAGES: :[[@LINE-1]]:15: warning: overload 'operator<<(std::ostream &, const std::vector<float> &)' of a foreign function for foreign types is type piracy [dispatch-foreign-overload]

// Joining a C library's overload set at global scope.
double lerp(double a, float t) { return a * t; }
// CHECK-MESSAGES: :[[@LINE-1]]:8: warning: overload 'lerp(double, float)' of a foreign function for foreign types is type piracy [dispatch-foreign-overload]
// CHECK-MESSAGES: fake_math.h:3:8: note: the overload set it joins

// Specialising a std template for std types only.
template <> struct std::hash<std::pair<int, int>> {
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: specialisation 'std::hash<std::pair<int, int>>' of a foreign template for foreign types is type piracy [dispatch-foreign-overload]
  std::size_t operator()(const std::pair<int, int> &) const { return 0; }
};

// Adding an overload to namespace std, even for an owned type.
namespace std {
inline bool isnan(gnn::BFloat16) { return false; }
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'std::isnan(gnn::BFloat16)' is added to namespace std [dispatch-foreign-overload]
struct my_helper {};
// CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'std::my_helper' is declared in namespace std [dispatch-foreign-overload]
// A function template says which overload it is (LightGBM's vendored yamc).
template <class T> void swap(gnn::BFloat16 &, T &) noexcept {}
// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'std::swap(gnn::BFloat16 &, T &)' is added to namespace std [dispatch-foreign-overload]
} // namespace std

// Reopening a library's namespace to add an overload for its own types.
namespace lib {
inline int norm(float x) { return int(x); }
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: overload 'lib::norm(float)' of a foreign function for foreign types is type piracy [dispatch-foreign-overload]
}

// Negative: an owned type is involved, or the name is the project's own.
std::ostream &operator<<(std::ostream &os, const gnn::Tensor &) { return os; }
std::ostream &operator<<(std::ostream &os, const std::vector<gnn::Tensor> &) { return os; }
template <> struct std::hash<gnn::Tensor> {
  std::size_t operator()(const gnn::Tensor &) const { return 0; }
};
template <> struct std::hash<std::pair<gnn::Tensor, int>> {
  std::size_t operator()(const std::pair<gnn::Tensor, int> &) const { return 0; }
};
namespace gnn {
inline bool isnan(BFloat16) { return false; }
float norm(const std::vector<float> &) { return 0; } // the project's own name
} // namespace gnn
static int helper(int x) { return x; }
int main() { return helper(0); }

// The project's own namespace re-exporting std::abs: its abs overload joins
// the project's overload set, not std's (shared/repros
// foreign_overload_own_namespace.cpp). Not reported.
namespace gnn::math {
using std::abs;
inline unsigned abs(const unsigned &x) { return x; }
} // namespace gnn::math

// The reported overloads are used here; an unused one is latent (latent.cpp).
void debug(std::ostream &os) {
  os << std::vector<float>{};
  lerp(1.0, 2.0f);
  lib::norm(1.0f);
  gnn::math::abs(1u);
}
