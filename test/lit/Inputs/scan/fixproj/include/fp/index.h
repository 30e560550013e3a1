#pragma once

namespace fp {

struct IndexKind {
  IndexKind(int k) : k(k) {}
  int k;
};

inline int code(IndexKind i) { return i.k; }
// A use in a header: every TU that includes it offers the same rewrite.
inline int default_code() { return code(3); }

struct Label {
  Label(const char *s) : s(s) {}
  const char *s;
};

inline int length(Label l) { return l.s && *l.s ? 1 : 0; }
template <class T> int measure(T t) { return length(t); }

int first();
int second();

} // namespace fp
