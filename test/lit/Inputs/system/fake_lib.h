// A third-party library header (included with -isystem).
#pragma once
namespace lib {
struct Handle {
  Handle(int) {}
};
} // namespace lib
namespace lib {
// A library's function template, for explicit specialisations.
template <class T> T scaled(T x) { return x; }
} // namespace lib
