// A hijack inside a template instantiation: in layer<GNNGraph> the call
// reduce(g) resolves to the template, in layer<Graph> to the non-template.
namespace gnn {
struct Graph {};
struct GNNGraph : Graph {};
int reduce(const Graph &) { return 0; }
template <class T> int reduce(const T &) { return 1; }

template <class G> int layer(const G &g) { return reduce(g); }

int run() { return layer(GNNGraph{}) + layer(Graph{}); }
} // namespace gnn
