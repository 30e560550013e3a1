#pragma once
inline double scale(double x) { return 2 * x; }
