// A library header that warns while preprocessing. clang-tidy counts the
// warning once per preprocessor that lexes it, so its tally shows whether
// clang-tidy 16 re-lexed the TU through its module-header expander.
#pragma once
#warning "library warns"
inline int lib_value() { return 1; }
