#pragma once
extern "C" {
double lerp(double a, double b, double t);
}
namespace lib {
int norm(int);
}
namespace std {
int abs(int);
long abs(long);
}
