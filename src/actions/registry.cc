#include <algorithm>
#include <iterator>

#include "actions/builtin.h"
#include "engine/collection.h"

namespace rampart::actions {

namespace {

constexpr ActionDef kActions[] = {
    {"id", Kind::kMetadata, Value::kRequired, parse_id},
    {"phase", Kind::kMetadata, Value::kRequired, parse_phase},
    {"msg", Kind::kMetadata, Value::kRequired, parse_msg},
    {"logdata", Kind::kMetadata, Value::kRequired, parse_logdata},
    {"severity", Kind::kMetadata, Value::kRequired, parse_severity},
    {"tag", Kind::kMetadata, Value::kRequired, parse_tag},
    {"rev", Kind::kMetadata, Value::kRequired, parse_rev},
    {"ver", Kind::kMetadata, Value::kRequired, parse_ver},
    {"maturity", Kind::kMetadata, Value::kRequired, parse_maturity},
    {"accuracy", Kind::kMetadata, Value::kRequired, parse_accuracy},
    {"pass", Kind::kDisruptive, Value::kNone, parse_pass},
    {"deny", Kind::kDisruptive, Value::kNone, parse_deny},
    {"block", Kind::kDisruptive, Value::kNone, parse_block},
    {"drop", Kind::kDisruptive, Value::kNone, parse_drop},
    {"redirect", Kind::kDisruptive, Value::kRequired, parse_redirect},
    {"allow", Kind::kDisruptive, Value::kOptional, parse_allow},
    {"status", Kind::kData, Value::kRequired, parse_status},
    {"chain", Kind::kFlow, Value::kNone, parse_chain},
    {"skip", Kind::kFlow, Value::kRequired, parse_skip},
    {"skipAfter", Kind::kFlow, Value::kRequired, parse_skip_after},
    {"log", Kind::kNonDisruptive, Value::kNone, parse_log},
    {"nolog", Kind::kNonDisruptive, Value::kNone, parse_nolog},
    {"auditlog", Kind::kNonDisruptive, Value::kNone, parse_auditlog},
    {"noauditlog", Kind::kNonDisruptive, Value::kNone, parse_noauditlog},
    {"capture", Kind::kNonDisruptive, Value::kNone, parse_capture},
    {"multiMatch", Kind::kNonDisruptive, Value::kNone, parse_multi_match},
    {"t", Kind::kNonDisruptive, Value::kRequired, parse_t},
    {"setvar", Kind::kNonDisruptive, Value::kRequired, parse_setvar},
    {"initcol", Kind::kNonDisruptive, Value::kRequired, parse_initcol},
    {"setsid", Kind::kNonDisruptive, Value::kRequired, parse_setsid},
    {"setuid", Kind::kNonDisruptive, Value::kRequired, parse_setuid},
    {"expirevar", Kind::kNonDisruptive, Value::kRequired, parse_expirevar},
    {"deprecatevar", Kind::kNonDisruptive, Value::kRequired, parse_deprecatevar},
    {"ctl", Kind::kNonDisruptive, Value::kRequired, parse_ctl},
    {"sanitiseArg", Kind::kNonDisruptive, Value::kRequired, parse_sanitise_arg},
    {"sanitizeArg", Kind::kNonDisruptive, Value::kRequired, parse_sanitise_arg},
    {"sanitiseMatched", Kind::kNonDisruptive, Value::kNone, parse_sanitise_matched},
    {"sanitizeMatched", Kind::kNonDisruptive, Value::kNone, parse_sanitise_matched},
    {"sanitiseMatchedBytes", Kind::kNonDisruptive, Value::kOptional, parse_sanitise_matched_bytes},
    {"sanitizeMatchedBytes", Kind::kNonDisruptive, Value::kOptional, parse_sanitise_matched_bytes},
    {"sanitiseRequestHeader", Kind::kNonDisruptive, Value::kRequired,
     parse_sanitise_request_header},
    {"sanitizeRequestHeader", Kind::kNonDisruptive, Value::kRequired,
     parse_sanitise_request_header},
    {"sanitiseResponseHeader", Kind::kNonDisruptive, Value::kRequired,
     parse_sanitise_response_header},
    {"sanitizeResponseHeader", Kind::kNonDisruptive, Value::kRequired,
     parse_sanitise_response_header},
    {"prepend", Kind::kNonDisruptive, Value::kRequired, parse_prepend},
    {"append", Kind::kNonDisruptive, Value::kRequired, parse_append},
    {"xmlns", Kind::kNonDisruptive, Value::kRequired, parse_xmlns},
    {"setrsc", Kind::kNonDisruptive, Value::kRequired, parse_setrsc},
    {"setenv", Kind::kNonDisruptive, Value::kRequired, parse_setenv},
    {"exec", Kind::kNonDisruptive, Value::kRequired, parse_exec},
    {"pause", Kind::kDisruptive, Value::kRequired, parse_pause},
    {"proxy", Kind::kDisruptive, Value::kRequired, parse_proxy},
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

const ActionDef* find(std::string_view name) {
  for (const ActionDef& d : kActions)
    if (iequals(d.name, name)) return &d;
  return nullptr;
}

std::span<const ActionDef> all() {
  return kActions;
}

// The action list grammar of ModSecurity v2: `name[:value]` items separated by commas; a value
// may be quoted with single quotes, inside which `\'` stands for a quote and commas are literal.
std::optional<std::string> parse_action_list(std::string_view text, ParseContext& ctx) {
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (is_space(text[i]) || text[i] == ',')) ++i;
    if (i >= text.size()) break;
    size_t start = i;
    while (i < text.size() && text[i] != ':' && text[i] != ',') ++i;
    std::string_view name = trim(text.substr(start, i - start));
    std::string value;
    bool has_value = false;
    if (i < text.size() && text[i] == ':') {
      has_value = true;
      ++i;
      while (i < text.size() && is_space(text[i])) ++i;
      if (i < text.size() && text[i] == '\'') {
        ++i;
        bool closed = false;
        while (i < text.size()) {
          if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '\'') {
            value += '\'';
            i += 2;
          } else if (text[i] == '\'') {
            closed = true;
            ++i;
            break;
          } else {
            value += text[i++];
          }
        }
        if (!closed)
          return "missing closing quote in the value of action '" + std::string(name) + "'";
        while (i < text.size() && is_space(text[i])) ++i;
        if (i < text.size() && text[i] != ',')
          return "unexpected text after the quoted value of action '" + std::string(name) + "'";
      } else {
        size_t vstart = i;
        while (i < text.size() && text[i] != ',') ++i;
        value = std::string(trim(text.substr(vstart, i - vstart)));
      }
    }
    const ActionDef* def = find(name);
    if (def == nullptr) {
      return "unknown action '" + std::string(name) +
             "' (see docs/reference/actions.md for the supported ones)";
    }
    if (def->value == Value::kRequired && (!has_value || value.empty()))
      return "action '" + std::string(def->name) + "' needs a value, e.g. " +
             std::string(def->name) + ":...";
    if (def->value == Value::kNone && has_value)
      return "action '" + std::string(def->name) + "' takes no value";
    if (auto err = def->parse(ctx, value)) return err;
  }
  return std::nullopt;
}

}  // namespace rampart::actions
