// The safe-bool idiom (pugixml's `operator unspecified_bool_type`, a private
// typedef) tested in a condition is a condition through `operator bool`: its
// remedy, `explicit operator bool`, keeps it, so it makes no finding
// effective. Any other use still does (`take(a)`: a bool from a node).
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-implicit-conversion %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17

namespace xml {
class Node {
  typedef void (*unspecified_bool_type)(Node ***);
  static void unspecified_bool_node(Node ***) {}

public:
  operator unspecified_bool_type() const { return ok ? unspecified_bool_node : nullptr; }
  // CHECK-NOTES-LATENT: :[[@LINE-1]]:3: warning: conversion operator 'xml::Node::operator unspecified_bool_type' {{.*}} [dispatch-implicit-conversion]
  // CHECK-NOTES-LATENT: :[[@LINE-2]]:3: note: every overload taking 'xml::Node::unspecified_bool_type' now also accepts 'xml::Node' (a raw pointer)
  // CHECK-NOTES-LATENT: :45:25: note: used as a condition here ('explicit operator bool' keeps this use)
  // CHECK-NOTES-LATENT: :47:7: note: used as a condition here ('explicit operator bool' keeps this use)
  // CHECK-NOTES-LATENT: :49:12: note: used as a condition here ('explicit operator bool' keeps this use)
  // CHECK-NOTES-LATENT: :[[@LINE-6]]:3: note: no automatic fix: 'unspecified_bool_type' is not accessible outside the class; the explicit form is 'explicit operator bool'
  // CHECK-NOTES-LATENT: :[[@LINE-7]]:3: note: latent: its uses here are conditions, which 'explicit operator bool' keeps (shown by the ReportLatent option)
  Node next() const { return Node(); }
  bool ok = false;
};

class Attr {
  typedef void (*unspecified_bool_type)(Attr ***);
  static void unspecified_bool_attr(Attr ***) {}

public:
  operator unspecified_bool_type() const { return ok ? unspecified_bool_attr : nullptr; }
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: conversion operator 'xml::Attr::operator unspecified_bool_type' {{.*}} [dispatch-implicit-conversion]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: every overload taking 'xml::Attr::unspecified_bool_type' now also accepts 'xml::Attr' (a raw pointer)
  // CHECK-NOTES: :50:8: note: used implicitly here, then converting 'void (*)(xml::Attr ***)' to 'bool'
  // CHECK-NOTES: :[[@LINE-4]]:3: note: no automatic fix: 'unspecified_bool_type' is not accessible outside the class; the explicit form is 'explicit operator bool'
  bool ok = false;
};
} // namespace xml

void take(bool);

int walk(xml::Node n, xml::Attr a) {
  int count = 0;
  for (xml::Node c = n; c; c = c.next())
    ++count;
  if (n.next())
    ++count;
  count += n ? 1 : 0;
  take(a);
  return count;
}
