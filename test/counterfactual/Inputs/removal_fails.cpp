// Templates whose removal breaks the call instead of redirecting it: no
// hijack. Without `pack` no function takes an int *; without `emit` the call
// is ambiguous between emit(long) and emit(double).
namespace gnn {
struct Graph {};
int pack(const Graph &) { return 0; }
template <class T> int pack(T *) { return 1; }

void emit(long) {}
void emit(double) {}
template <class T> void emit(T) {}

int run(int *p) {
  emit(1);
  return pack(p);
}
} // namespace gnn
