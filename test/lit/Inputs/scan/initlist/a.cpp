#include <initializer_list>

// Each element of a nested braced list is converted to Real implicitly.
struct Real {
  Real(double v) : v(v) {}
  double v;
};
struct Grid {
  Grid(std::initializer_list<std::initializer_list<Real>>) {}
};
int fill() {
  Grid g = {{0.5, 1.0}, {2.0, 3.0}};
  return 0;
}
int caller() { return fill(); }
