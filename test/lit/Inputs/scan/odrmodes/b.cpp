#include "mat.h"
int b() { return Mat(2).shape().w; }
