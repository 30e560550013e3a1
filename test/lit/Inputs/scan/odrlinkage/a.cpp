int choose(long);
#include "pool.h"
auto registered = [](int n) { parallel_for(n, [](int i) { return choose(i); }); };
int a() {
  parallel_for(2, [](int) {});
  registered(1);
  return pick_local() + pick_anonymous() + pick_shared();
}
