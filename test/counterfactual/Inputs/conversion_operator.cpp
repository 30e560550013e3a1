// A conversion-operator template against a non-template conversion.
namespace gnn {
struct Weight {
  operator double() const { return 0.5; }
  template <class T> operator T() const { return T(); }
};

double run(Weight w) {
  float f = w;    // hijacked: operator float<float> is exact, operator double needs double -> float
  double d = w;   // not hijacked: a tie the non-template wins
  return f + d;
}
} // namespace gnn
