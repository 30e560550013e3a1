// SEEDED (ProgressLogging's convert(::Type{T}, ::ProgressString) where
// T <: AbstractString): a progress label convertible to any string-like type.
#pragma once

#include <string>
#include <utility>

namespace gnn {

class ProgressLabel {
public:
  explicit ProgressLabel(std::string text) : text_(std::move(text)) {}
  template <class S> operator S() const { return S(text_); }

private:
  std::string text_;
};

} // namespace gnn
