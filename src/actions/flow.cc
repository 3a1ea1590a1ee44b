// Flow actions: chain (the next rule is a link of this one), skip:N (skip the next N rules or
// chains), skipAfter:ID (skip to just after the rule or SecMarker with that id).
#include <charconv>

#include "actions/builtin.h"

namespace rampart::actions {

std::optional<std::string> parse_chain(ParseContext& ctx, std::string_view) {
  ctx.set.chain = true;
  return std::nullopt;
}

std::optional<std::string> parse_skip(ParseContext& ctx, std::string_view v) {
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n < 1)
    return "skip needs a positive number of rules, got '" + std::string(v) + "'";
  ctx.set.skip = n;
  return std::nullopt;
}

std::optional<std::string> parse_skip_after(ParseContext& ctx, std::string_view v) {
  if (v.empty()) return "skipAfter needs the id of a rule or SecMarker";
  ctx.set.skip_after = std::string(v);
  return std::nullopt;
}

}  // namespace rampart::actions
