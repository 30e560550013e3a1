// A constructor template is a converting constructor only when one argument
// gives every template parameter a value (CTranslate2's
// `template <class T> StorageView(Shape, T init = T(), Device)`: no call
// `StorageView(shape)` deduces T). A defaulted parameter or a pack does.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t \
// RUN:   --config="{CheckOptions: {ReportLatent: true, dispatch-implicit-conversion.FixCallSites: false}}" -- -std=c++17
//
// What clang says of the one-argument calls:
// RUN: %not %clangxx -fsyntax-only -std=c++17 -DCONVERT_FILLED %s 2>&1 | FileCheck %s --check-prefix=FILLED
// RUN: %clangxx -fsyntax-only -std=c++17 -DCONVERT_DEFAULTED %s
#include <vector>

using Shape = std::vector<long>;

struct Filled {
  template <typename T> Filled(Shape shape, T init = T(), int device = 0) {}
};
struct Defaulted {
  template <typename T = float> Defaulted(Shape shape, T init = T()) {}
};
struct Packed {
  template <typename... Opts> Packed(Shape shape, Opts... opts) {}
};

#ifdef CONVERT_FILLED
Filled f = Shape{2, 3};
#endif
#ifdef CONVERT_DEFAULTED
Defaulted d = Shape{2, 3};
Packed p = Shape{2, 3};
#endif

// CHECK-NOTES-NOT: 'Filled::Filled
// CHECK-NOTES: :19:33: warning: constructor 'Defaulted::Defaulted(Shape, T)' makes 'Shape' implicitly convertible to 'Defaulted' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :19:33: note: every overload taking 'Defaulted' now also accepts 'Shape' (a standard container)
// CHECK-NOTES: :19:33: note: latent: no effect in this translation unit (shown by the ReportLatent option)
// CHECK-NOTES: :22:31: warning: constructor 'Packed::Packed(Shape, Opts...)' makes 'Shape' implicitly convertible to 'Packed' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES: :22:31: note: every overload taking 'Packed' now also accepts 'Shape' (a standard container)
// CHECK-NOTES: :22:31: note: latent: no effect in this translation unit (shown by the ReportLatent option)
// FILLED: error: no viable conversion from 'Shape' (aka 'vector<long>') to 'Filled'
// FILLED: note: candidate template ignored: couldn't infer template argument 'T'

// A template template parameter passed on as an argument is deduced too
// (dlib's `repeat(const repeat<num, T, U> &)`).
template <class S> struct layer {};
template <unsigned num, template <typename> class REPEATED, class SUBNET> struct repeat {
  repeat() = default;
  template <template <typename> class T, typename U> repeat(const repeat<num, T, U> &item) {}
  // CHECK-NOTES: :[[@LINE-1]]:54: warning: constructor 'repeat::repeat(const repeat<num, T, U> &)' makes 'repeat<num, T, U>' implicitly convertible to 'repeat<num, REPEATED, SUBNET>' [ordinary] [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:54: note: every overload taking 'repeat<num, REPEATED, SUBNET>' now also accepts 'repeat<num, T, U>'
  // CHECK-NOTES: :[[@LINE-3]]:54: note: latent: no effect in this translation unit (shown by the ReportLatent option)
};
