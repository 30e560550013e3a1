#pragma once
namespace proj {
struct Index {
  Index(int v) : value(v) {}
  int value;
};
inline int twice(Index i) { return 2 * i.value; }
// The use is in the header too: nothing of the finding is in the main file.
inline int six() { return twice(3); }
} // namespace proj
