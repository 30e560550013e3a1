#pragma once
namespace fo {
struct IndexKind {
  IndexKind(int bits) : bits(bits) {}
  int bits;
};
int trace(const char *format, ...);
int trace(const char *label, IndexKind kind);
int code(IndexKind kind);
} // namespace fo
