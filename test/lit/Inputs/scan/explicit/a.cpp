// Config is constructed only explicitly (functional cast, direct and list
// initialisation, a base initialiser); Weight is used implicitly once.
struct Params { int n; };
struct Config {
  Config(const Params &p) : n(p.n) {}
  int n;
};
struct Tuned : Config {
  Tuned(const Params &p) : Config(p) {}
};
struct Weight {
  Weight(float v) : v(v) {}
  float v;
};
float scale(Weight w) { return w.v; }
template <class K> int launch(K k, const Params &p) {
  auto c = Config(p);
  Config d(p), e{p};
  return k(c.n + d.n + e.n);
}
int kern(int n) { return n; }
int f1(const Params &p) { return launch(kern, p) + int(scale(2.0f)); }
int f2(const Params &p) { return f1(p) + Tuned(p).n; }
