// Member function templates against non-template members, static and not.
namespace lib {
struct Opts {
  bool flag = false;
  void set(bool v) { flag = v; }
  template <class T> void set(T) {}
};
struct Registry {
  static int make(long) { return 1; }
  template <class T> static int make(T) { return 2; }
};

int run() {
  Opts o;
  o.set(1);                // hijacked: int -> bool is a conversion
  o.set(true);             // not hijacked
  return Registry::make(1); // hijacked: int -> long
}
} // namespace lib
