#pragma once
// A library checked out inside the project (a submodule, git clone): the lit
// test puts a `.git` here, so that this file is not the project's.
namespace jsonlib {
struct value {
  value(int) {}
  value(const char *) {}
};
} // namespace jsonlib
