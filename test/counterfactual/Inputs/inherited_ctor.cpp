// Inherited constructors: `using Layer::Layer` brings both the constructor
// template and Layer(double) into Dense.
namespace nn {
struct Layer {
  Layer(double) {}
  template <class T> Layer(T) {}
};
struct Dense : Layer {
  using Layer::Layer;
};

void run() {
  Dense d(1);     // hijacked: the inherited template beats the inherited Layer(double)
  Dense e(1.0);   // not hijacked
  (void)d; (void)e;
}
} // namespace nn
