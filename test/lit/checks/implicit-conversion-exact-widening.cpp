// A software 16-bit float (CTranslate2's `bfloat16_t`, half.hpp's `half`,
// DGL's `BFloat16`: 16 bits of integer storage) converting to float or
// double widens exactly, as C++23's own `std::bfloat16_t` and CUDA's
// `__half` do implicitly: no finding, used or not. The narrowing way back,
// a constructor from `float`, is one; so is a wider class, a conversion to
// an integer, and a class whose 16 bits are not integers.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t \
// RUN:   --config="{CheckOptions: {ReportLatent: true, dispatch-implicit-conversion.FixCallSites: false}}" -- -std=c++17
#include <cstdint>

struct bfloat16_t {
  bfloat16_t(float f) : bits(static_cast<std::uint16_t>(f)) {}
  operator float() const { return static_cast<float>(bits); }
  std::uint16_t bits;
};

// Storage in a union and a base, an 8-bit format, a double target.
struct Bits {
  union {
    std::uint16_t raw;
    unsigned char bytes[2];
  };
};
struct half : Bits {
  operator double() const { return raw; }
};
struct fp8_e4m3 {
  operator float() const { return x; }
  unsigned char x;
};

// Reported: 32 bits of storage (not every value is a float), a conversion
// to an integer, storage that is no integer, a class with no storage.
struct fixed32 {
  operator float() const { return v / 65536.0f; }
  std::int32_t v;
};
struct half_index {
  operator int() const { return bits; }
  std::uint16_t bits;
};
struct flag {
  operator float() const { return on; }
  bool on;
};
struct zero {
  operator float() const { return 0; }
};

float scale(float);
float use(bfloat16_t b, half h, fp8_e4m3 e, fixed32 f, half_index i, flag g, zero z) {
  bfloat16_t c = 2.0f;
  double d = h;
  int n = i;
  return scale(b) + scale(e) + scale(f) + scale(g) + scale(z) + scale(c) + float(d) + n;
}

// CHECK-NOTES: :12:3: warning: constructor 'bfloat16_t::bfloat16_t(float)' makes 'float' implicitly convertible to 'bfloat16_t' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :12:3: note: every overload taking 'bfloat16_t' now also accepts 'float' (an arithmetic type)
// CHECK-NOTES: :52:18: note: used implicitly here
// CHECK-NOTES: :35:3: warning: conversion operator 'fixed32::operator float' makes 'fixed32' implicitly convertible to 'float' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :35:3: note: every overload taking 'float' now also accepts 'fixed32' (an arithmetic type)
// CHECK-NOTES: :55:38: note: used implicitly here
// CHECK-NOTES: :39:3: warning: conversion operator 'half_index::operator int' makes 'half_index' implicitly convertible to 'int' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :39:3: note: every overload taking 'int' now also accepts 'half_index' (an arithmetic type)
// CHECK-NOTES: :54:11: note: used implicitly here
// CHECK-NOTES: :43:3: warning: conversion operator 'flag::operator float' makes 'flag' implicitly convertible to 'float' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :43:3: note: every overload taking 'float' now also accepts 'flag' (an arithmetic type)
// CHECK-NOTES: :55:49: note: used implicitly here
// CHECK-NOTES: :47:3: warning: conversion operator 'zero::operator float' makes 'zero' implicitly convertible to 'float' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :47:3: note: every overload taking 'float' now also accepts 'zero' (an arithmetic type)
// CHECK-NOTES: :55:60: note: used implicitly here
