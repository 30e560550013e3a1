int choose(int);
#include "pool.h"
auto registered = [](int n) { parallel_for(n, [](int i) { return choose(i); }); };
int b() {
  parallel_for(3, [](int i) { (void)i; });
  registered(2);
  return pick_local() + pick_anonymous() + pick_shared();
}
