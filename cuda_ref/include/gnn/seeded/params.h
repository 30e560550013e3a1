// SEEDED (OrderedCollections' convert(::Type{OrderedDict{K,V}}, ::AbstractDict)):
// a parameter dictionary implicitly constructible from any map type (any type
// with a mapped_type, as Julia's method takes any AbstractDict).
#pragma once

#include <map>
#include <string>

namespace gnn {

class ParamDict {
public:
  ParamDict() = default;
  template <class Map, class = typename Map::mapped_type> ParamDict(const Map &m) {
    for (const auto &[key, value] : m)
      values_[key] = static_cast<float>(value);
  }
  float get(const std::string &key, float fallback) const {
    auto it = values_.find(key);
    return it == values_.end() ? fallback : it->second;
  }

private:
  std::map<std::string, float> values_;
};

} // namespace gnn
