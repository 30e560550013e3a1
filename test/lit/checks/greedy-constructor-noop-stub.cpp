// A constructor template that does nothing, in a class with nothing to copy
// (xgboost's NVTX stubs when NVTX is off), takes a non-const copy from the
// copy constructor and does exactly what it would: latent. With a member, or
// with a body, the copy through it is no copy: shown. The file includes
// nothing: <type_traits> goes with the first fix that is shown (Named's), not
// with the latent ScopedRange's, which is not applied (the fixed file is
// compiled).
// RUN: %check_dispatch_tidy %s dispatch-greedy-constructor %t -- -std=c++17
// The unsuffixed lines hold in both runs.
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-greedy-constructor %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17

namespace nvtx {
class ScopedRange {
public:
  template <typename... Args> explicit ScopedRange(Args &&...) {}
  // CHECK-NOTES-LATENT: :[[@LINE-1]]:40: warning: unconstrained variadic constructor template 'nvtx::ScopedRange::ScopedRange(Args &&...)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-LATENT: :[[@LINE-2]]:40: note: a copy of a non-const 'nvtx::ScopedRange' resolves to this template, not to the copy constructor
  // CHECK-NOTES-LATENT: :[[@LINE-3]]:40: note: latent: 'ScopedRange' has nothing to copy and the template does nothing, so what it takes is what the copy constructor would do (shown by the ReportLatent option)
};
class Named {
public:
  template <typename... Args> explicit Named(Args &&...) {}
  // CHECK-NOTES: :[[@LINE-1]]:40: warning: unconstrained variadic constructor template 'nvtx::Named::Named(Args &&...)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES: :[[@LINE-2]]:40: note: a copy of a non-const 'nvtx::Named' resolves to this template, not to the copy constructor
  // CHECK-FIXES: {{^}}  template <typename... Args, std::enable_if_t<(sizeof...(Args) != 1 || ((!std::is_base_of<Named, std::decay_t<Args>>::value) && ...)), int> = 0> explicit Named(Args &&...) {}
  const char *name = nullptr;
};
// Converting other types is still an effect, whatever the template does:
// `tag(1)` is a call of tag(Tag) with an int.
struct Tag {
  template <typename T> Tag(T &&) {}
  // CHECK-NOTES: :[[@LINE-1]]:25: warning: unconstrained forwarding-reference constructor template 'nvtx::Tag::Tag(T &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES: :[[@LINE-2]]:25: note: a copy of a non-const 'nvtx::Tag' resolves to this template, not to the copy constructor
  // CHECK-NOTES: :[[@LINE+4]]:28: note: used implicitly here
  // CHECK-FIXES: {{^}}  template <typename T, std::enable_if_t<(!std::is_base_of<Tag, std::decay_t<T>>::value), int> = 0> explicit Tag(T &&) {}
};
void tag(Tag);
inline void tagged() { tag(1); }
// CHECK-FIXES: {{^}}inline void tagged() { tag(Tag(1)); }
int counter = 0;
class Counted {
public:
  template <typename... Args> explicit Counted(Args &&...) { ++counter; }
  // CHECK-NOTES: :[[@LINE-1]]:40: warning: unconstrained variadic constructor template 'nvtx::Counted::Counted(Args &&...)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES: :[[@LINE-2]]:40: note: a copy of a non-const 'nvtx::Counted' resolves to this template, not to the copy constructor
  // CHECK-FIXES: {{^}}  template <typename... Args, std::enable_if_t<(sizeof...(Args) != 1 || ((!std::is_base_of<Counted, std::decay_t<Args>>::value) && ...)), int> = 0> explicit Counted(Args &&...) { ++counter; }
};
} // namespace nvtx

// A class with no data of its own whose template only hands its argument to
// its base (dynet's make_shared helpers for protected constructors): a copy
// through it copies the base by the base's copy constructor, as the copy
// constructor would. Not when the base has a constructor template of its
// own (the argument may go there), when the class has a member, or when the
// base is given more than the argument.
namespace store {
template <class T> T &&move(T &t) { return static_cast<T &&>(t); }
struct Storage {
  int dim = 0;
protected:
  Storage() = default;
  explicit Storage(int d) : dim(d) {}
};
struct Creator : Storage {
  template <typename... Args> explicit Creator(Args &&...args) : Storage(static_cast<Args &&>(args)...) {}
  // CHECK-NOTES-LATENT: :[[@LINE-1]]:40: warning: unconstrained variadic constructor template 'store::Creator::Creator(Args &&...)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-LATENT: :[[@LINE-2]]:40: note: a copy of a non-const 'store::Creator' resolves to this template, not to the copy constructor
  // CHECK-NOTES-LATENT: :[[@LINE-3]]:40: note: latent: 'Creator' has nothing of its own to copy and the template only hands its argument to its base, so what it takes is what the copy constructor would do (shown by the ReportLatent option)
};
struct Moved : Storage {
  template <typename T> explicit Moved(T &&t) : Storage(store::move(t)) {}
  // CHECK-NOTES-LATENT: :[[@LINE-1]]:34: warning: unconstrained forwarding-reference constructor template 'store::Moved::Moved(T &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES-LATENT: :[[@LINE-2]]:34: note: a copy of a non-const 'store::Moved' resolves to this template, not to the copy constructor
  // CHECK-NOTES-LATENT: :[[@LINE-3]]:34: note: latent: 'Moved' has nothing of its own to copy and the template only hands its argument to its base, so what it takes is what the copy constructor would do (shown by the ReportLatent option)
};
struct Greedy {
  template <typename T> Greedy(T &&) {}
  // CHECK-NOTES: :[[@LINE-1]]:25: warning: unconstrained forwarding-reference constructor template 'store::Greedy::Greedy(T &&)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES: :[[@LINE-2]]:25: note: a copy of a non-const 'store::Greedy' resolves to this template, not to the copy constructor
  // CHECK-FIXES: {{^}}  template <typename T, std::enable_if_t<(!std::is_base_of<Greedy, std::decay_t<T>>::value), int> = 0> explicit Greedy(T &&) {}
  int g = 0;
};
struct OnGreedy : Greedy {
  template <typename... Args> explicit OnGreedy(Args &&...args) : Greedy(static_cast<Args &&>(args)...) {}
  // CHECK-NOTES: :[[@LINE-1]]:40: warning: unconstrained variadic constructor template 'store::OnGreedy::OnGreedy(Args &&...)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES: :[[@LINE-2]]:40: note: a copy of a non-const 'store::OnGreedy' resolves to this template, not to the copy constructor
  // CHECK-FIXES: {{^}}  template <typename... Args, std::enable_if_t<(sizeof...(Args) != 1 || ((!std::is_base_of<OnGreedy, std::decay_t<Args>>::value) && ...)), int> = 0> explicit OnGreedy(Args &&...args) : Greedy(static_cast<Args &&>(args)...) {}
};
struct Tagged : Storage {
  template <typename... Args> explicit Tagged(Args &&...args) : Storage(static_cast<Args &&>(args)...) {}
  // CHECK-NOTES: :[[@LINE-1]]:40: warning: unconstrained variadic constructor template 'store::Tagged::Tagged(Args &&...)' accepts any argument [dispatch-greedy-constructor]
  // CHECK-NOTES: :[[@LINE-2]]:40: note: a copy of a non-const 'store::Tagged' resolves to this template, not to the copy constructor
  // CHECK-FIXES: {{^}}  template <typename... Args, std::enable_if_t<(sizeof...(Args) != 1 || ((!std::is_base_of<Tagged, std::decay_t<Args>>::value) && ...)), int> = 0> explicit Tagged(Args &&...args) : Storage(static_cast<Args &&>(args)...) {}
  int tag = 0;
};
} // namespace store

void trace() {
  nvtx::ScopedRange r("fit", 3);
  nvtx::ScopedRange copy(r);
  nvtx::Named n("x");
  nvtx::Counted c(1);
  (void)copy;
  (void)n;
  (void)c;
}
