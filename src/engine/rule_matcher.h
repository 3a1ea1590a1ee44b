// Selecting rules by id (or id range), tag or msg, for ctl:ruleRemoveBy* and
// ctl:ruleRemoveTargetBy*. Built when the ctl action is parsed, so regexes compile once.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/regex.h"

namespace rampart {
namespace variables {
struct VariableDef;
}

struct Rule;

class RuleMatcher {
 public:
  enum class Kind { kId, kTag, kMsg };

  // `spec` is "1000", "1000-1999" for kId, a regex for kTag and kMsg. nullopt and `error` when
  // it does not parse.
  static std::optional<RuleMatcher> make(Kind kind, std::string_view spec, std::string& error);

  // `rule` is a chain starter (or a rule without chain): links have no id, tags or msg.
  bool matches(const Rule& rule, RegexScratch& scratch) const;

 private:
  bool text_matches(std::string_view text, RegexScratch& scratch) const;

  Kind kind_ = Kind::kId;
  long long first_ = 0, last_ = 0;
  std::shared_ptr<const Regex> re_;  // kTag, kMsg; null when `literal_` stands for it
  std::string literal_;
};

// A target a ctl:ruleRemoveTargetBy* takes out of the rules it selects: `ARGS:foo`, `ARGS`,
// `REQUEST_COOKIES:/^_ga/`.
struct TargetRemoval {
  RuleMatcher rules;
  std::string var;                              // upper case
  std::string key;                              // empty: every field of var
  std::shared_ptr<const Regex> key_regex;       // `/regex/` selector
  const variables::VariableDef* def = nullptr;  // `var` resolved once; null when unknown
};

}  // namespace rampart
