#include "../libs/json/json.h"
#include "../dependencies/half/half.h"
#include "own.h"
void put(jsonlib::value);
void store(half_float::half);
void at(gnn::Index);
int main() {
  put(1);
  store(1.0f);
  at(2);
}
