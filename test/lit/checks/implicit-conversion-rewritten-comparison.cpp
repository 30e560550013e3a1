// A C++20 rewritten comparison is replayed as written: `a < b` is chosen
// among the candidates named `<` and the rewritten `<=>` ones, not only among
// those of its inner `a <=> b` call. Replaying the inner call alone missed
// Id's viable `operator<` at `a < b`, and took Tag's use at `t < 1` for its
// own (the inner `t <=> 1` has no other candidate).
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t \
// RUN:   --config="{CheckOptions: {ReportLatent: true, dispatch-implicit-conversion.FixCallSites: false}}" -- -std=c++20
//
// Each claim is clang's answer (dispatch-resolve): with the conversions
// made explicit, every comparison but `t < 1` resolves as before, and
// `t < 1` goes to operator<(const Base &, const Other &).
// RUN: %dispatch_resolve %s -- -std=c++20 | %python %inputs/greedy/callees.py calls | FileCheck %s --check-prefixes=RESOLVED,WITH
// RUN: %dispatch_resolve %s -- -std=c++20 -DVIABLE_EXPLICIT=explicit | %python %inputs/greedy/callees.py calls | FileCheck %s --check-prefixes=RESOLVED,WITHOUT
#include <compare>

#ifndef VIABLE_EXPLICIT
#define VIABLE_EXPLICIT
#endif

namespace gnn {

struct Key { int v; };
struct Id {
  VIABLE_EXPLICIT Id(Key) {}
};
bool operator==(const Id &, const Id &);
bool operator<(const Id &, const Id &);
bool operator==(const Key &, const Key &);
std::strong_ordering operator<=>(const Key &, const Key &);

// <=>(Tag, Tag) beats <(Base, Other) on the first argument; without
// Tag(int), `t < 1` goes to the operator< the inner call never saw.
struct Base {};
struct Other {
  Other(int) {}
};
struct Tag : Base {
  VIABLE_EXPLICIT Tag(int) {}
};
std::strong_ordering operator<=>(const Tag &, const Tag &);
bool operator<(const Base &, const Other &);

void calls(Key a, Key b, Tag t) {
  bool same = a == b;
  bool differ = a != b;
  bool before = a < b;
  bool less = t < 1;
  (void)same, (void)differ, (void)before, (void)less;
}

} // namespace gnn

// CHECK-NOTES: :24:19: warning: constructor 'gnn::Id::Id(Key)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES: :24:19: note: every overload taking 'gnn::Id' now also accepts 'gnn::Key'
// CHECK-NOTES: :44:15: note: a losing candidate is viable here through it; with or without it, this call would resolve to 'gnn::operator==(const Key &, const Key &)'
// CHECK-NOTES: :45:17: note: a losing candidate is viable here through it; with or without it, this call would resolve to 'gnn::operator==(const Key &, const Key &)'
// CHECK-NOTES: :46:17: note: a losing candidate is viable here through it; with or without it, this call would resolve to 'gnn::operator<=>(const Key &, const Key &)'
// CHECK-NOTES: :24:19: note: latent: the calls where it is viable resolve elsewhere with or without it (shown by the ReportLatent option)
// CHECK-NOTES: :35:3: warning: constructor 'gnn::Other::Other(int)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES: :35:3: note: every overload taking 'gnn::Other' now also accepts 'int' (an arithmetic type)
// CHECK-NOTES: :47:15: note: a losing candidate is viable here through it; with or without it, this call would resolve to 'gnn::operator<=>(const Tag &, const Tag &)'
// CHECK-NOTES: :35:3: note: latent: the calls where it is viable resolve elsewhere with or without it (shown by the ReportLatent option)
// CHECK-NOTES: :38:19: warning: constructor 'gnn::Tag::Tag(int)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES: :38:19: note: every overload taking 'gnn::Tag' now also accepts 'int' (an arithmetic type)
// CHECK-NOTES: :47:19: note: used implicitly here; without it, this call would resolve to 'gnn::operator<(const Base &, const Other &)'

// RESOLVED: 44: gnn::operator==(const Key &, const Key &) (line 28)
// RESOLVED: 45: gnn::operator==(const Key &, const Key &) (line 28)
// RESOLVED: 46: gnn::operator<=>(const Key &, const Key &) (line 29)
// WITH: 47: gnn::operator<=>(const Tag &, const Tag &) (line 40)
// WITHOUT: 47: gnn::operator<(const Base &, const Other &) (line 41)
