#define DISPATCH(expr) \
  do {                 \
    expr;              \
  } while (0)
struct S {
  template <class T> S &view(T *p, int n);
  S &view(void *p, int n);
};
void f(S &s, float *p) {
  DISPATCH(
      s.view(p, 1));
}
