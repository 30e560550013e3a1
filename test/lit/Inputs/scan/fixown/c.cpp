#include "o.h"
#include <cstdarg>
#include <cstdio>
namespace fo {
int trace(const char *format, ...) { va_list a; va_start(a, format); int n = std::vprintf(format, a); va_end(a); return n; }
int trace(const char *label, IndexKind kind) { return std::printf("%s: %d\n", label, kind.bits); }
int code(IndexKind kind) { return kind.bits; }
} // namespace fo
int a();
int b();
int main() { return a() + b() > 0 ? 0 : 1; }
