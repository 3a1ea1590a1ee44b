// Flag actions: log, nolog, auditlog, noauditlog, capture, multiMatch, and t: (transformations).
#include "actions/builtin.h"
#include "engine/collection.h"

namespace rampart::actions {

std::optional<std::string> parse_log(ParseContext& ctx, std::string_view) {
  ctx.set.log = true;
  return std::nullopt;
}

// nolog also implies noauditlog unless auditlog is given explicitly (ModSecurity v2).
std::optional<std::string> parse_nolog(ParseContext& ctx, std::string_view) {
  ctx.set.log = false;
  if (!ctx.set.auditlog) ctx.set.auditlog = false;
  return std::nullopt;
}

std::optional<std::string> parse_auditlog(ParseContext& ctx, std::string_view) {
  ctx.set.auditlog = true;
  return std::nullopt;
}

std::optional<std::string> parse_noauditlog(ParseContext& ctx, std::string_view) {
  ctx.set.auditlog = false;
  return std::nullopt;
}

std::optional<std::string> parse_capture(ParseContext& ctx, std::string_view) {
  ctx.set.capture = true;
  return std::nullopt;
}

std::optional<std::string> parse_multi_match(ParseContext& ctx, std::string_view) {
  ctx.set.multi_match = true;
  return std::nullopt;
}

std::optional<std::string> parse_t(ParseContext& ctx, std::string_view v) {
  if (iequals(v, "none")) {
    ctx.set.transforms.clear();
    ctx.set.transforms_cleared = true;
    return std::nullopt;
  }
  const transforms::TransformDef* def = transforms::find(v);
  if (def == nullptr) {
    return "unknown transformation '" + std::string(v) +
           "' (see docs/reference/transforms.md for the supported ones)";
  }
  ctx.set.transforms.push_back(def);
  return std::nullopt;
}

}  // namespace rampart::actions
