// SEEDED debug printing:
//  - Transducers' print(io::IO, f::_Function): an unconstrained operator<<
//    template in the library namespace;
//  - LLVM.jl's convert(::Type{Bool}, ::LLVMBool) (piracy): an operator<< for a
//    standard container at global scope.
#pragma once

#include <ostream>
#include <vector>

namespace gnn {
// (Its body cannot even write `os << "<"`: that call is ambiguous between
// this template and the standard library's operator<< template for C strings.)
template <class T> std::ostream &operator<<(std::ostream &os, const T &) {
  return os.write("<value>", 7);
}
} // namespace gnn

inline std::ostream &operator<<(std::ostream &os, const std::vector<float> &v) {
  for (float x : v)
    os << x << ' ';
  return os;
}
