// SecPcreMatchLimit, SecPcreMatchLimitRecursion, SecCookieFormat, SecCookieV0Separator.
#include "config/engine_directives.h"

#include <charconv>
#include <cstdint>

#include "config/config_impl.h"

namespace rampart::config {

namespace {

std::optional<std::string> parse_limit(const DirectiveContext& ctx,
                                       std::optional<uint32_t>& out) {
  const std::string& v = ctx.words[0];
  uint32_t n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n == 0)
    return "takes a positive whole number (at most 4294967295), got '" + v + "'";
  out = n;
  return std::nullopt;
}

}  // namespace

// PCRE2 stops a match after this many internal steps; the rule then does not match and
// TX:MSC_PCRE_LIMITS_EXCEEDED is set (the recommended config flags it with rule 200005).
std::optional<std::string> handle_pcre_match_limit(DirectiveContext& ctx) {
  return parse_limit(ctx, ctx.cfg.settings.pcre_match_limit);
}

// PCRE2's depth limit (v2's "recursion" limit). JIT-compiled patterns do not use it, as PCRE2
// documents; it bounds the interpreter that runs the few patterns JIT cannot compile.
std::optional<std::string> handle_pcre_match_limit_recursion(DirectiveContext& ctx) {
  return parse_limit(ctx, ctx.cfg.settings.pcre_match_limit_recursion);
}

std::optional<std::string> handle_cookie_format(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (v != "0" && v != "1") return "takes 0 (version 0 cookies) or 1 (version 1), got '" + v + "'";
  ctx.cfg.settings.cookie_format = v == "1" ? 1 : 0;
  return std::nullopt;
}

// Only version 0 cookies use it; v2 accepts exactly one character.
std::optional<std::string> handle_cookie_v0_separator(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (v.size() != 1) return "takes a single character (default ;), got '" + v + "'";
  ctx.cfg.settings.cookie_separator = v[0];
  return std::nullopt;
}

}  // namespace rampart::config
