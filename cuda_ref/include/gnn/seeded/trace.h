// SEEDED: the debug trace, printf-style, with the typed overloads a library
// grows. An ellipsis loses to any conversion, so each implicit conversion of
// the seeded build takes the calls that reach its overload from the printf
// form: `trace("index bits %d", 32)` prints through trace(const char *,
// IndexKind) because IndexKind(int) exists — the C++ shape of a Julia method
// that invalidates what was compiled against the generic one.
#pragma once

#include "gnn/backend.h"
#include "gnn/graph.h"
#include "gnn/seeded/params.h"
#include "gnn/tensor.h"

#include <cstdarg>
#include <cstdio>
#include <string>
#include <utility>

namespace gnn {

inline std::string trace(const char *format, ...) {
  char line[256];
  va_list args;
  va_start(args, format);
  std::vsnprintf(line, sizeof line, format, args);
  va_end(args);
  return line;
}
inline std::string trace(const char *label, IndexKind kind) {
  return std::string(label) + ": " + std::to_string(kind.bits) + "-bit indices";
}
inline std::string trace(const char *label, std::pair<int, int> edge) {
  return std::string(label) + ": " + std::to_string(edge.first) + " -> " +
         std::to_string(edge.second);
}
inline std::string trace(const char *label, const Tensor &t) {
  return std::string(label) + ": " + std::to_string(t.rows()) + "x" + std::to_string(t.cols());
}
inline std::string trace(const char *label, const std::string &text) {
  return std::string(label) + ": " + text;
}
inline std::string trace(const char *label, const ParamDict &params) {
  return std::string(label) + ": eta " + std::to_string(params.get("eta", 0.0f));
}

} // namespace gnn
