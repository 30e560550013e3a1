// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t \
// RUN:   --config="{CheckOptions: {OwnUsesAreEffects: false}}" -- -std=c++17 -I%inputs/third_party
//
// A call in a vendored library's template that the conversion takes from
// that library's own fallback is the library's dispatch: the use is the
// conversion's own there (dlib's point -> dpoint in pybind11's
// `construct(...)`). The same call written in the project is an effect. (The
// library profile, where own uses are no effects, shows the difference.)
#include "binder/binder.h"

struct Point {
  int x, y;
};
struct DPoint {
  DPoint(const Point &p) : x(p.x), y(p.y) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'DPoint::DPoint(const Point &)' makes 'Point' implicitly convertible to 'DPoint' [ordinary] [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'DPoint' now also accepts 'Point'
  // CHECK-NOTES: :30:35: note: used implicitly here; without it, this call would resolve to 'own_construct(...)'
  // CHECK-NOTES: :6:65: note: used implicitly here
  // CHECK-NOTES: :6:65: note: no automatic fix: this use is in a template instantiation
  double x, y;
};

// Only the vendored call: latent.
int bind() { return binder::make<DPoint>(Point{1, 2}); }

// The project's own printf-style pair: taken from its fallback, effective.
int own_construct(...);
int own_construct(DPoint);
int mine() { return own_construct(Point{3, 4}); }
