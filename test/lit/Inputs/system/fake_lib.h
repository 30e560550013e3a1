// A third-party library header (included with -isystem).
#pragma once
namespace lib {
struct Handle {
  Handle(int) {}
};
} // namespace lib
