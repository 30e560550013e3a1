// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
//
// A use written once in a template is seen once per instantiation at the same
// location (ncnn's Mat conversions: "and 43 more" counted instantiations): it
// is noted, and counted, once.

struct Meters {
  Meters(double v) : v(v) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'Meters::Meters(double)' makes 'double' implicitly convertible to 'Meters' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'Meters' now also accepts 'double' (an arithmetic type)
  // CHECK-NOTES: :18:53: note: used implicitly here
  // CHECK-NOTES: :19:52: note: used implicitly here
  // CHECK-NOTES: :18:53: note: no automatic fix: this use is in a template instantiation
  double v;
};
double length(Meters m) { return m.v; }

template <class T> double walk(T t) { return length(t); }
template <class T> double run(T t) { return length(t * 2); }

int main() { return walk(1.0) + walk(2.0f) + walk(3) + run(1.0) + run(2); }
