// The template, and a call after it, on one line: deleting the template must
// not move the call (the harness blanks the text, keeping every offset).
namespace gnn { struct Graph {}; struct GNNGraph : Graph {};
int pool(const Graph &) { return 0; } template <class T> int pool(const T &) { return 1; } int run() { return pool(GNNGraph{}); }
} // namespace gnn
