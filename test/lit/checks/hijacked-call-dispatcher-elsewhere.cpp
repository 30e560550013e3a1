// A run-time dispatcher that hands the call back to the template is no
// hijack; only its body tells (CTranslate2's `StorageView::view(void *,
// Shape)`, a TYPE_DISPATCH over `view<T>(T *, Shape)` in storage_view.cc).
// Visible here, the call is not reported; defined in another translation
// unit, it is, with a note that says what the check cannot see.
// RUN: %check_dispatch_tidy --check-suffix=DEFAULT %s dispatch-hijacked-call %t -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=VISIBLE %s dispatch-hijacked-call %t -- -std=c++17 -DVISIBLE
//
// Without the template, clang takes the dispatcher:
// RUN: %dispatch_resolve %s -- -std=c++17 -DNO_TEMPLATE | %python %inputs/greedy/callees.py fill | FileCheck %s --check-prefix=WITHOUT
#include <vector>
using Shape = std::vector<long>;

struct StorageView {
#ifndef NO_TEMPLATE
  template <typename T> StorageView &view(T *data, Shape shape) { return *this; }
#endif
  StorageView &view(void *data, Shape shape)
#ifdef VISIBLE
  {
    return view(static_cast<float *>(data), shape); // dtype dispatch, reduced
  }
#else
      ;
#endif
  const Shape &shape() const { return dims; }
  Shape dims;
};

void fill(StorageView &s, float *p) { s.view(p, s.shape()); }

// CHECK-MESSAGES-DEFAULT: :30:39: warning: call to 'view' resolves to the unconstrained template 'StorageView::view(T *, Shape)' although a more specific overload is viable [dispatch-hijacked-call]
// CHECK-NOTES-DEFAULT: :30:39: warning: call to 'view' {{.*}}
// CHECK-NOTES-DEFAULT: :16:38: note: the template the call resolves to
// CHECK-NOTES-DEFAULT: :18:16: note: without the template, the call would resolve to 'StorageView::view(void *, Shape)'
// CHECK-NOTES-DEFAULT: :18:16: note: its body is in another translation unit: if it hands the call back to the template (a run-time dispatcher), the call is no hijack
// WITHOUT: 30: StorageView::view(void *, Shape) (line 18)
