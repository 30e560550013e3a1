// A class template's constructor from its own parameter (DGL's CUDA
// `BlockPrefixCallbackOp(const IdType)`, IdType always int32_t or int64_t):
// the pattern's type says nothing, the specialisations the TU has do. It is
// ubiquitous when each of them converts from a ubiquitous type for the same
// reason, ordinary when one does not (`Holder<Tag>`) or when they differ.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
#include <cstdint>

template <typename IdType> struct BlockPrefixCallbackOp {
  IdType running_total;
  BlockPrefixCallbackOp(const IdType running_total) : running_total(running_total) {}
};

template <typename T> struct Holder {
  typedef T value_type;
  Holder(value_type v) : v(v) {}
  T v;
};

// bool for one, an arithmetic type for the other: no one reason.
template <typename T> struct Flag {
  Flag(T v) : v(v) {}
  T v;
};

struct Tag {};
template <typename T> void use(BlockPrefixCallbackOp<T> op) {}
template <typename T> void flag(Flag<T> f) {}

void run() {
  use<int32_t>(5);
  use<int64_t>(7);
  Holder<Tag> h = Tag{};
  Holder<int> h2 = 3;
  flag<bool>(true);
  flag<float>(2.0f);
}
// CHECK-FIXES: {{^}}  use<int32_t>(BlockPrefixCallbackOp<int>(5));
// CHECK-FIXES: {{^}}  Holder<Tag> h = Holder<Tag>(Tag{});
// CHECK-FIXES: {{^}}  flag<bool>(Flag<bool>(true));

// CHECK-NOTES: :11:3: warning: constructor 'BlockPrefixCallbackOp::BlockPrefixCallbackOp(const IdType)' makes 'IdType' implicitly convertible to 'BlockPrefixCallbackOp<IdType>' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :11:3: note: every overload taking 'BlockPrefixCallbackOp<IdType>' now also accepts 'IdType' (an arithmetic type in each specialisation here)
// CHECK-NOTES: :31:16: note: used implicitly here
// CHECK-NOTES: :32:16: note: used implicitly here
// CHECK-NOTES: :16:3: warning: constructor 'Holder::Holder(value_type)' makes 'T' implicitly convertible to 'Holder<T>' [ordinary] [dispatch-implicit-conversion]
// CHECK-NOTES: :16:3: note: every overload taking 'Holder<T>' now also accepts 'T'{{$}}
// CHECK-NOTES: :33:19: note: used implicitly here
// CHECK-NOTES: :34:20: note: used implicitly here
// CHECK-NOTES: :22:3: warning: constructor 'Flag::Flag(T)' makes 'T' implicitly convertible to 'Flag<T>' [ordinary] [dispatch-implicit-conversion]
// CHECK-NOTES: :22:3: note: every overload taking 'Flag<T>' now also accepts 'T'{{$}}
// CHECK-NOTES: :35:14: note: used implicitly here
// CHECK-NOTES: :36:15: note: used implicitly here
