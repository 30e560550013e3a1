// The note on a ubiquitous conversion says what kind of type now converts,
// unless the type is its own kind: `std::string` is not said twice
// (xgboost's JsonString), `bool` neither.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
#include <string>

namespace json {
struct Str {
  Str(const std::string &s) : s(s) {}
  std::string s;
};
struct Num {
  Num(double v) : v(v) {}
  double v;
};
struct Flag {
  Flag(bool b) : b(b) {}
  bool b;
};
void text(Str);
void number(Num);
void flag(Flag);
void calls(const std::string &s) {
  text(s);
  number(1.5);
  flag(true);
}
} // namespace json

// CHECK-FIXES: {{^}}  explicit Str(const std::string &s) : s(s) {}
// CHECK-FIXES: {{^}}  explicit Num(double v) : v(v) {}
// CHECK-FIXES: {{^}}  explicit Flag(bool b) : b(b) {}
// CHECK-FIXES: {{^}}  text(Str(s));
// CHECK-FIXES: {{^}}  number(Num(1.5));
// CHECK-FIXES: {{^}}  flag(Flag(true));

// CHECK-NOTES: :9:3: warning: constructor 'json::Str::Str(const std::string &)' makes 'std::string' implicitly convertible to 'json::Str' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :9:3: note: every overload taking 'json::Str' now also accepts 'std::string'{{$}}
// CHECK-NOTES: :24:8: note: used implicitly here
// CHECK-NOTES: :13:3: warning: constructor 'json::Num::Num(double)' makes 'double' implicitly convertible to 'json::Num' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :13:3: note: every overload taking 'json::Num' now also accepts 'double' (an arithmetic type)
// CHECK-NOTES: :25:10: note: used implicitly here
// CHECK-NOTES: :17:3: warning: constructor 'json::Flag::Flag(bool)' makes 'bool' implicitly convertible to 'json::Flag' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :17:3: note: every overload taking 'json::Flag' now also accepts 'bool'{{$}}
// CHECK-NOTES: :26:8: note: used implicitly here
