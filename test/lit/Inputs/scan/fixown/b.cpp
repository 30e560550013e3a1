#include "o.h"
// Its own use: nothing else could take it; latent in this TU.
int b() { return fo::code(16); }
