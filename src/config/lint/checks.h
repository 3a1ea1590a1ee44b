// `rampart lint`'s static checks of loaded rules (Config::lint()). Each check is one file; each
// adds "warning: …" findings at the rule's file:line. They warn about rules that load and run but
// do not do what their author meant; what v2 itself refuses is a load error instead.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rule.h"
#include "rampart/config.h"

namespace rampart::lint {

using Rules = std::vector<std::shared_ptr<const Rule>>;  // in definition order, markers included

struct Findings {
  std::vector<ConfigError> items;
  void warn(const Rule& rule, std::string message) {
    items.push_back(ConfigError{rule.where, "warning: " + std::move(message)});
  }
};

// Operators and targets that make a rule (or chain link) unable ever to match.
void check_never_matches(const Rules& rules, Findings& out);
// skipAfter:X where no SecMarker or rule id X follows the rule (the rest of the phase is skipped).
void check_skip_after(const Rules& rules, Findings& out);
// t: pipelines with steps that change nothing (t:lowercase,t:lowercase).
void check_redundant_transforms(const Rules& rules, Findings& out);
// @rx patterns with nested unbounded quantifiers, e.g. (a+)+, prone to catastrophic backtracking.
void check_backtracking(const Rules& rules, Findings& out);
bool has_nested_quantifier(std::string_view pattern);  // the test behind check_backtracking
// Rule ids in OWASP CRS's reserved range (900000-999999) on rules that are not CRS's own.
void check_crs_ids(const Rules& rules, Findings& out);

// Every link of a rule, the starter first.
template <typename Fn>
void for_each_link(const Rule& rule, Fn fn) {
  for (const Rule* link = &rule; link != nullptr; link = link->next.get()) fn(*link);
}

}  // namespace rampart::lint
