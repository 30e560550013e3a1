// `T *` against `Layer *`: a derived-to-base pointer conversion loses.
namespace nn {
struct Layer {};
struct Dense : Layer {};

int attach(Layer *) { return 1; }
template <class T> int attach(T *) { return 2; }

int run() {
  Dense d;
  Layer l;
  return attach(&d)   // hijacked
         + attach(&l); // not hijacked: both exact, the non-template wins
}
} // namespace nn
