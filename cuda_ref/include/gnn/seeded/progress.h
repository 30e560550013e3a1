// SEEDED (ProgressLogging's convert(::Type{T}, ::ProgressString) where
// T <: AbstractString): a progress label convertible to any type that can be
// made from a string.
#pragma once

#include <string>
#include <type_traits>
#include <utility>

namespace gnn {

class ProgressLabel {
public:
  explicit ProgressLabel(std::string text) : text_(std::move(text)) {}
  template <class S, class = std::enable_if_t<std::is_constructible_v<S, const std::string &>>>
  operator S() const { return S(text_); }

private:
  std::string text_;
};

} // namespace gnn
