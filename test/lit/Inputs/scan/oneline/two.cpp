// Two warnings of one check on one line: each finding keeps its own message.
struct Edges {};
struct Nodes {};
struct Graph { operator Edges() const { return {}; } operator Nodes() const { return {}; } };
void take(Edges);
void take(Nodes, int);
void run(const Graph &g) { take(g); take(g, 1); }
