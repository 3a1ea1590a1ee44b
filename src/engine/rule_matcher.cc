#include "engine/rule_matcher.h"

#include <charconv>

#include "engine/rule.h"

namespace rampart {

namespace {
bool parse_id(std::string_view s, long long& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}
}  // namespace

std::optional<RuleMatcher> RuleMatcher::make(Kind kind, std::string_view spec,
                                             std::string& error) {
  RuleMatcher m;
  m.kind_ = kind;
  if (kind == Kind::kId) {
    size_t dash = spec.find('-', 1);
    bool ok = dash == std::string_view::npos
                  ? parse_id(spec, m.first_)
                  : parse_id(spec.substr(0, dash), m.first_) && parse_id(spec.substr(dash + 1), m.last_);
    if (dash == std::string_view::npos) m.last_ = m.first_;
    if (!ok || m.first_ > m.last_) {
      error = "expected a rule id or a range such as 1000-1999, got '" + std::string(spec) + "'";
      return std::nullopt;
    }
    return m;
  }
  // CRS's tag selectors are mostly plain words ("xss-perf-disable"): a substring search finds
  // what the unanchored regex would, without PCRE2 for every tag of every rule.
  if (spec.find_first_of("\\^$.|?*+()[]{}") == std::string_view::npos) {
    m.literal_ = std::string(spec);
    return m;
  }
  auto re = Regex::compile(spec, 0, error);
  if (!re) {
    error = "bad regular expression '" + std::string(spec) + "': " + error;
    return std::nullopt;
  }
  m.re_ = std::move(re);
  return m;
}

bool RuleMatcher::matches(const Rule& rule, RegexScratch& scratch) const {
  const Rule& r = rule;  // called with chain starters, which carry id, tags and msg
  switch (kind_) {
    case Kind::kId: {
      long long id = 0;
      return parse_id(r.id, id) && id >= first_ && id <= last_;
    }
    case Kind::kTag:
      for (const std::string& tag : r.actions.tags)
        if (text_matches(tag, scratch)) return true;
      return false;
    case Kind::kMsg:
      return r.actions.msg && text_matches(r.actions.msg->text(), scratch);
  }
  return false;
}

bool RuleMatcher::text_matches(std::string_view text, RegexScratch& scratch) const {
  if (re_) return re_->matches(text, scratch);
  return text.find(literal_) != std::string_view::npos;
}

}  // namespace rampart
