#pragma once
namespace gnn {
struct Index {
  Index(int) {}
};
} // namespace gnn
