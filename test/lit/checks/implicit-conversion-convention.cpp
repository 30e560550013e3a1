// An implicit converting constructor where the project declares the same
// conversion explicit in a related class (the same class, a base or derived
// class, one sharing a base the project owns) is effective without a use:
// tiny-dnn's `selu_layer(size_t)` beside `explicit activation_layer(size_t)`.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17

#include <cstddef>
#include <stdexcept>
#include <string>

namespace gnn {

struct Shape {
  std::size_t w = 1, h = 1, d = 1;
};

struct Layer {
  virtual ~Layer() = default;
};

struct Activation : Layer {
  explicit Activation(std::size_t in) : in(in) {}
  explicit Activation(const Shape &s) : in(s.w * s.h * s.d) {}
  explicit Activation(const Layer &prev) : in(0) {}
  std::size_t in;
};

// A derived class that re-declares its base's constructors without explicit.
struct Selu : Activation {
  Selu(std::size_t in, float lambda = 1.05f) : Activation(in), lambda(lambda) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'gnn::Selu::Selu(std::size_t, float)' makes 'std::size_t' implicitly convertible to 'gnn::Selu' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'gnn::Selu' now also accepts 'std::size_t' (an arithmetic type)
  // CHECK-NOTES: :22:12: note: the same conversion is explicit in 'Activation'
  // CHECK-FIXES: {{^}}  explicit Selu(std::size_t in, float lambda = 1.05f) : Activation(in), lambda(lambda) {}
  Selu(const Shape &s) : Activation(s), lambda(1.05f) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'gnn::Selu::Selu(const Shape &)' makes 'gnn::Shape' implicitly convertible to 'gnn::Selu' [ordinary] [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'gnn::Selu' now also accepts 'gnn::Shape'
  // CHECK-NOTES: :23:12: note: the same conversion is explicit in 'Activation'
  // CHECK-FIXES: {{^}}  explicit Selu(const Shape &s) : Activation(s), lambda(1.05f) {}
  Selu(const Layer &prev) : Activation(prev), lambda(1.05f) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'gnn::Selu::Selu(const Layer &)' makes 'gnn::Layer' implicitly convertible to 'gnn::Selu' [ordinary] [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'gnn::Selu' now also accepts 'gnn::Layer'
  // CHECK-NOTES: :24:12: note: the same conversion is explicit in 'Activation'
  // CHECK-FIXES: {{^}}  explicit Selu(const Layer &prev) : Activation(prev), lambda(1.05f) {}
  float lambda;
};

// A sibling: Input and Pool share the project's base Layer, as Activation
// does; the note names the nearest (tiny-dnn's reviewers were pointed at a
// distant activation layer while the input layer beside it was explicit).
struct Input : Layer {
  explicit Input(const Shape &s) : s(s) {}
  Shape s;
};
struct Pool : Layer {
  Pool(const Shape &s) : s(s) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'gnn::Pool::Pool(const Shape &)' makes 'gnn::Shape' implicitly convertible to 'gnn::Pool' [ordinary] [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'gnn::Pool' now also accepts 'gnn::Shape'
  // CHECK-NOTES: :[[@LINE-7]]:12: note: the same conversion is explicit in 'Input'
  // CHECK-FIXES: {{^}}  explicit Pool(const Shape &s) : s(s) {}
  Shape s;
};

// Negatives. A conversion from another type than the explicit ones.
struct Gelu : Activation {
  Gelu(float approx) : Activation(std::size_t(1)), approx(approx) {}
  float approx;
};
// Unrelated classes: one explicit from double says nothing about another.
struct Meters {
  explicit Meters(double v) : v(v) {}
  double v;
};
struct Celsius {
  Celsius(double v) : v(v) {}
  double v;
};
// A shared base the project does not own is no family.
struct ParseError : std::runtime_error {
  explicit ParseError(const std::string &what) : std::runtime_error(what) {}
};
struct IoError : std::runtime_error {
  IoError(const std::string &what) : std::runtime_error(what) {}
};

// An empty mixin base the project owns (dlib's `noncopyable`, shared by its
// image loaders and `locally_change_current_dir`) is no family either.
struct NonCopyable {
  NonCopyable() = default;
  NonCopyable(const NonCopyable &) = delete;
};
struct ChangeDir : NonCopyable {
  explicit ChangeDir(const std::string &dir) : dir(dir) {}
  std::string dir;
};
struct PngLoader : NonCopyable {
  PngLoader(const std::string &file) : file(file) {}
  std::string file;
};

std::size_t build() {
  PngLoader png(std::string("a.png"));
  ChangeDir cd(std::string("/tmp"));
  Selu s(std::size_t(4));
  Pool p(Shape{});
  Gelu g(0.5f);
  Celsius c(20.0);
  IoError e(std::string("disk"));
  Input i(Shape{});
  return s.in + p.s.w + g.in + std::size_t(c.v) + i.s.w + std::string(e.what()).size() +
         png.file.size() + cd.dir.size();
}

} // namespace gnn

// A base that is a class template's specialisation (OGDF's `ShellingOrderSet
// : Array<node>` beside `explicit Array(INDEX)`): its constructor takes the
// template's parameter in the pattern, the concrete type in the base.
namespace gnn {
template <class E, class Index = int> struct Array {
  Array() = default;
  explicit Array(Index n) : size(n) {}
  Index size = 0;
};
struct Node {};
struct OrderSet : Array<Node *> {
  OrderSet(int n, Node *left = nullptr) : Array<Node *>(n), left(left) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: constructor 'gnn::OrderSet::OrderSet(int, Node *)' makes 'int' implicitly convertible to 'gnn::OrderSet' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'gnn::OrderSet' now also accepts 'int' (an arithmetic type)
  // CHECK-NOTES: :[[@LINE-8]]:12: note: the same conversion is explicit in 'Array'
  // CHECK-FIXES: {{^}}  explicit OrderSet(int n, Node *left = nullptr) : Array<Node *>(n), left(left) {}
  Node *left;
};
// A specialisation on another index type converts from that one only.
struct LongSet : Array<Node *, long> {
  LongSet(int n) : Array<Node *, long>(n) {}
};
inline std::size_t sizes() { return OrderSet(1).size + std::size_t(LongSet(2).size); }
} // namespace gnn
