#pragma once
// A vendored binding library: its own fallback for what it cannot construct.
namespace binder {
template <class T> int construct(...) { return 0; }
template <class T> int construct(T) { return 1; }
template <class T, class A> int make(A a) { return construct<T>(a); }
} // namespace binder
