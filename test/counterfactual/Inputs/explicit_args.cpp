// Explicit template arguments name the template: non-templates are no
// candidates, so there is nothing to hijack (without the template the call
// does not compile).
namespace gnn {
double scale(double x) { return x; }
template <class T> T scale(T x) { return x; }

float run() { return scale<float>(1.0f); } // not a hijack
} // namespace gnn
