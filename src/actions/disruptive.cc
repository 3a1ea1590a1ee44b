// Disruptive actions: what happens to the request when the rule matches — pass, deny, block,
// drop, redirect, allow — and status, which deny and redirect use. A rule has at most one; the
// last one written wins, as in ModSecurity v2.
#include <charconv>

#include "actions/builtin.h"
#include "engine/collection.h"

namespace rampart::actions {

std::optional<std::string> parse_pass(ParseContext& ctx, std::string_view) {
  ctx.set.disruptive = Disruptive::kPass;
  return std::nullopt;
}

std::optional<std::string> parse_deny(ParseContext& ctx, std::string_view) {
  ctx.set.disruptive = Disruptive::kDeny;
  return std::nullopt;
}

std::optional<std::string> parse_block(ParseContext& ctx, std::string_view) {
  ctx.set.disruptive = Disruptive::kBlock;
  return std::nullopt;
}

std::optional<std::string> parse_drop(ParseContext& ctx, std::string_view) {
  ctx.set.disruptive = Disruptive::kDrop;
  return std::nullopt;
}

std::optional<std::string> parse_redirect(ParseContext& ctx, std::string_view v) {
  if (v.empty()) return "redirect needs a URL, e.g. redirect:http://www.example.com/denied.html";
  ctx.set.disruptive = Disruptive::kRedirect;
  ctx.set.redirect_url = MacroString(v);
  return std::nullopt;
}

std::optional<std::string> parse_allow(ParseContext& ctx, std::string_view v) {
  ctx.set.disruptive = Disruptive::kAllow;
  if (v.empty()) {
    ctx.set.allow_scope = AllowScope::kFull;
  } else if (iequals(v, "phase")) {
    ctx.set.allow_scope = AllowScope::kPhase;
  } else if (iequals(v, "request")) {
    ctx.set.allow_scope = AllowScope::kRequest;
  } else {
    return "allow takes no value, 'phase' or 'request'; got '" + std::string(v) + "'";
  }
  return std::nullopt;
}

std::optional<std::string> parse_status(ParseContext& ctx, std::string_view v) {
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n < 100 || n > 599)
    return "status must be an HTTP status code 100-599, got '" + std::string(v) + "'";
  ctx.set.status = n;
  return std::nullopt;
}

}  // namespace rampart::actions
