// A tiny stand-in for the standard library, included with -isystem so that it
// is "somebody else's code" to the checks, and fast to parse.
#pragma once
namespace std {
using size_t = decltype(sizeof(0));
template <class T> class initializer_list {
  const T *b = nullptr;
  size_t n = 0;
public:
  const T *begin() const { return b; }
  const T *end() const { return b + n; }
};
template <class C> struct char_traits {};
template <class T> struct allocator {};
template <class C, class Tr = char_traits<C>, class A = allocator<C>> class basic_string {
public:
  basic_string() = default;
  basic_string(const C *) {}
};
using string = basic_string<char>;
template <class T, class A = allocator<T>> class vector {
public:
  vector() = default;
  vector(initializer_list<T>) {}
  size_t size() const { return 0; }
};
template <class A, class B> struct pair { A first; B second; };
template <class T> struct hash;
template <class T> struct remove_reference { using type = T; };
template <class T> struct remove_reference<T &> { using type = T; };
template <class T> struct remove_reference<T &&> { using type = T; };
class ostream {};
ostream &operator<<(ostream &, int);
ostream &operator<<(ostream &, const char *);
bool isnan(float);
bool isnan(double);
} // namespace std
