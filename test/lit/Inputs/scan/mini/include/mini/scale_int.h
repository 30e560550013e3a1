#pragma once
inline int scale(int x) { return 3 * x; }
