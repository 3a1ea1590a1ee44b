// Metadata actions: id, phase, msg, logdata, severity, tag, rev, ver, maturity, accuracy.
// They describe a rule and appear in its log line; they do nothing on their own.
#include "actions/builtin.h"

#include <charconv>

#include "engine/collection.h"

namespace rampart::actions {

namespace {

std::optional<long long> parse_int(std::string_view v) {
  long long n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size()) return std::nullopt;
  return n;
}

constexpr std::string_view kSeverities[] = {"EMERGENCY", "ALERT",  "CRITICAL", "ERROR",
                                            "WARNING",   "NOTICE", "INFO",     "DEBUG"};

}  // namespace

std::string_view severity_name(int s) {
  return (s >= 0 && s < 8) ? kSeverities[s] : std::string_view();
}

std::optional<std::string> parse_id(ParseContext& ctx, std::string_view v) {
  auto n = parse_int(v);
  if (!n || *n <= 0) return "id must be a positive integer, got '" + std::string(v) + "'";
  ctx.set.id = std::string(v);
  return std::nullopt;
}

std::optional<std::string> parse_phase(ParseContext& ctx, std::string_view v) {
  if (iequals(v, "request")) {
    ctx.set.phase = 2;
  } else if (iequals(v, "response")) {
    ctx.set.phase = 4;
  } else if (iequals(v, "logging")) {
    ctx.set.phase = 5;
  } else {
    auto n = parse_int(v);
    if (!n || *n < 1 || *n > 5)
      return "phase must be 1-5 or request, response, logging; got '" + std::string(v) + "'";
    ctx.set.phase = static_cast<int>(*n);
  }
  return std::nullopt;
}

std::optional<std::string> parse_msg(ParseContext& ctx, std::string_view v) {
  ctx.set.msg = MacroString(v);
  return std::nullopt;
}

std::optional<std::string> parse_logdata(ParseContext& ctx, std::string_view v) {
  ctx.set.logdata = MacroString(v);
  return std::nullopt;
}

std::optional<std::string> parse_severity(ParseContext& ctx, std::string_view v) {
  if (auto n = parse_int(v); n && *n >= 0 && *n <= 7) {
    ctx.set.severity = static_cast<int>(*n);
    return std::nullopt;
  }
  for (int i = 0; i < 8; ++i) {
    if (iequals(v, kSeverities[i])) {
      ctx.set.severity = i;
      return std::nullopt;
    }
  }
  return "severity must be 0-7 or one of EMERGENCY, ALERT, CRITICAL, ERROR, WARNING, NOTICE, "
         "INFO, DEBUG; got '" +
         std::string(v) + "'";
}

std::optional<std::string> parse_tag(ParseContext& ctx, std::string_view v) {
  ctx.set.tags.emplace_back(v);
  return std::nullopt;
}

std::optional<std::string> parse_rev(ParseContext& ctx, std::string_view v) {
  ctx.set.rev = std::string(v);
  return std::nullopt;
}

std::optional<std::string> parse_ver(ParseContext& ctx, std::string_view v) {
  ctx.set.ver = std::string(v);
  return std::nullopt;
}

static std::optional<std::string> parse_level(std::optional<int>& field, std::string_view name,
                                              std::string_view v) {
  auto n = parse_int(v);
  if (!n || *n < 1 || *n > 9) return std::string(name) + " must be 1-9, got '" + std::string(v) + "'";
  field = static_cast<int>(*n);
  return std::nullopt;
}

std::optional<std::string> parse_maturity(ParseContext& ctx, std::string_view v) {
  return parse_level(ctx.set.maturity, "maturity", v);
}

std::optional<std::string> parse_accuracy(ParseContext& ctx, std::string_view v) {
  return parse_level(ctx.set.accuracy, "accuracy", v);
}

}  // namespace rampart::actions
