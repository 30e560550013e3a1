// counterfactual-flags: -I%S/include
// The template the call resolves to is declared in a header the file includes.
#include "gnn_ops.h"
int run() { return gnn::norm(gnn::GNNGraph{}); } // hijacked by the header's template
