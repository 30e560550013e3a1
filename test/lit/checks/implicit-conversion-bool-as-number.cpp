// `operator bool` whose value goes on to be a number (CTranslate2's beam
// search: `logits.emplace_back(std::move(t))` on a vector of vectors builds
// a `std::vector<StorageView>` of size 1 through `operator bool` and
// `vector(size_type)`). The use is inside the standard library's allocator,
// instantiated by this file's `emplace_back`, not by an unrelated
// `vector<std::string>::push_back`; it is noted there, with the change of
// kind, before the conditions that `explicit` keeps.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
//
// Made explicit, only the use that builds a vector stops compiling:
// RUN: %not %clangxx -fsyntax-only -std=c++17 -DBOOL_EXPLICIT=explicit %s 2>&1 | FileCheck %s --check-prefix=EXPLICIT
#include <string>
#include <utility>
#include <vector>
#ifndef BOOL_EXPLICIT
#define BOOL_EXPLICIT
#endif

struct StorageView {
  BOOL_EXPLICIT operator bool() const { return size != 0; }
  int size = 0;
};

std::vector<std::string> split(const std::string &s) {
  std::vector<std::string> result;
  result.push_back(s);
  return result;
}

void collect(std::vector<std::vector<StorageView>> &logits, std::vector<StorageView> &step) {
  if (step[0]) {
  }
  if (!step[1] || step.empty())
    return;
  logits.emplace_back(std::move(step[0]));
}

// CHECK-NOTES: :20:17: warning: conversion operator 'StorageView::operator bool' makes 'StorageView' implicitly convertible to 'bool' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :20:17: note: every overload taking 'bool' now also accepts 'StorageView'
// CHECK-NOTES: :35:10: note: used implicitly in 'std::vector::emplace_back', called here, then converting 'bool' to 'unsigned long'
// CHECK-NOTES: :31:7: note: used as a condition here ('explicit' keeps this use)
// CHECK-NOTES: :33:8: note: used as a condition here ('explicit' keeps this use)
// CHECK-NOTES: note: no automatic fix: this use is in a system header

// EXPLICIT-NOT: :31:{{[0-9]+}}: error
// EXPLICIT-NOT: :33:{{[0-9]+}}: error
// EXPLICIT: error: no matching constructor for initialization of 'std::vector<StorageView>'
// EXPLICIT: :35:10: note: in instantiation of function template specialization 'std::vector<std::vector<StorageView>>::emplace_back<StorageView>' requested here
