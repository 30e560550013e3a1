// The overload the template beats is brought into scope by a using-declaration.
namespace lib {
int encode(long v) { return int(v); }
} // namespace lib

namespace app {
using lib::encode;
template <class T> int encode(T) { return -1; }
int run() { return encode(7); } // hijacked: int -> long loses to T = int
} // namespace app
