#pragma once
#ifndef LOG_INLINE
#define LOG_INLINE inline
#endif
LOG_INLINE bool is_color_terminal() {
  static const bool result = []() { return true; }();
  return result;
}
