// dispatch-hijacked-call: a call that overload resolution sent to an
// unconstrained template although a more specific overload was viable.
#pragma once

#include "../common/DispatchCheck.h"

namespace dispatch {

class HijackedCallCheck : public DispatchCheck {
public:
  using DispatchCheck::DispatchCheck;

private:
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace dispatch
