// Free function templates against non-templates that need a promotion, a
// standard conversion, a derived-to-base conversion: the template's exact
// match wins each call.
namespace gnn {
struct Graph {};
struct GNNGraph : Graph {};

double scale(double x) { return x; }
template <class T> T scale(T x) { return x; }

long degree(long n) { return n; }
template <class T> T degree(T n) { return n; }

int nodes(const Graph &) { return 1; }
template <class G> int nodes(const G &) { return 2; }

int run() {
  float f = scale(1.0f);     // hijacked: float -> double is a promotion
  long d = degree(3);        // hijacked: int -> long is a conversion
  int n = nodes(GNNGraph{}); // hijacked: derived-to-base
  double e = scale(2.0);     // not hijacked: the non-template is exact too
  return int(f + d + n + e);
}
} // namespace gnn
