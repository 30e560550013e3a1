// counterfactual-flags: -std=c++20
// C++20 rewritten candidates: `id != 3` and `3 == id` are resolved through
// operator== (the second reversed); the template beats the non-template's
// int -> long conversion in both.
namespace gnn {
struct NodeId { long v; };

bool operator==(const NodeId &a, long b) { return a.v == b; }
template <class T> bool operator==(const NodeId &, const T &) { return false; }

bool run(NodeId id) {
  bool a = id != 3;   // hijacked, via the rewritten !(id == 3)
  bool b = 3 == id;   // hijacked, via the reversed id == 3
  bool c = id == 3L;  // not hijacked: a tie the non-template wins
  return a && b && c;
}
} // namespace gnn
