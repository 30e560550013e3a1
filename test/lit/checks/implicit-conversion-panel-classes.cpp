// A TU with no std::vector<int> (shared/repros constrained_operator_T_rank.cpp):
// the ConstraintPanel's class types are std::string alone, too few to tell
// "any class type" from "std::string only"; other classes of the standard
// library the TU has stand in, so is_class<T> is still judged broad while
// is_same<T, std::string> stays a constraint.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17

#include <string>
#include <type_traits>

struct ArgValue {
  template <typename T, typename = typename std::enable_if<std::is_class<T>::value>::type>
  operator T() const { return T(); }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'ArgValue::operator T' makes 'ArgValue' implicitly convertible to any type [templated] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit operator T() const { return T(); }
};
std::string name(const ArgValue &a) {
  std::string s = a;
  // CHECK-FIXES: {{^}}  std::string s = static_cast<std::string>(a);
  return s;
}

// Admits std::string and nothing else: a real constraint, [ordinary].
struct Text {
  template <typename T, typename = std::enable_if_t<std::is_same<T, std::string>::value>>
  operator T() const { return T(); }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'Text::operator T' makes 'Text' implicitly convertible to any type its constraint admits [ordinary] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit operator T() const { return T(); }
};
std::string text(const Text &t) {
  std::string s = t;
  // CHECK-FIXES: {{^}}  std::string s = static_cast<std::string>(t);
  return s;
}
