#include "mat.h"
int a() { return Mat(1).shape().w; }
