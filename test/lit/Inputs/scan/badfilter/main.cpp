#include "proj/index.h"

int main() { return proj::six(); }
