// Rules that load but can never match: an operator that never matches, a count compared with a
// negative number, or only variables that are still empty in the rule's phase.
#include <array>
#include <charconv>
#include <string_view>

#include "config/lint/checks.h"
#include "engine/collection.h"
#include "variables/variable.h"

namespace rampart::lint {

namespace {

// Filled only once the response arrives (phase 3 and later).
constexpr std::array<std::string_view, 8> kResponseVariables = {
    "RESPONSE_BODY",     "RESPONSE_HEADERS",      "RESPONSE_HEADERS_NAMES",  "RESPONSE_STATUS",
    "RESPONSE_PROTOCOL", "RESPONSE_CONTENT_TYPE", "RESPONSE_CONTENT_LENGTH", "STREAM_OUTPUT_BODY"};
// Filled once the request body was read (phase 2 and later).
constexpr std::array<std::string_view, 6> kRequestBodyVariables = {
    "ARGS_POST", "ARGS_POST_NAMES", "REQUEST_BODY", "FILES", "FILES_NAMES", "XML"};

template <size_t N>
bool listed(const std::array<std::string_view, N>& names, std::string_view name) {
  for (std::string_view n : names)
    if (iequals(n, name)) return true;
  return false;
}

bool parse_int(std::string_view s, long long& out) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

// Why no value of `link` can ever match, or empty.
std::string why_never(const Rule& link) {
  if (link.is_action || link.script || link.op == nullptr) return {};
  if (iequals(link.op_name, "noMatch") && !link.op_negated) return "@noMatch never matches";
  if (iequals(link.op_name, "unconditionalMatch") && link.op_negated)
    return "!@unconditionalMatch never matches";
  bool all_counts = true, all_empty = true, any = false;
  for (const Target& t : link.targets) {
    if (t.exclude || t.var == nullptr) continue;
    any = true;
    all_counts = all_counts && t.count;
    bool empty_here = !t.count && ((link.phase <= 2 && listed(kResponseVariables, t.var->name)) ||
                                   (link.phase == 1 && listed(kRequestBodyVariables, t.var->name)));
    all_empty = all_empty && empty_here;
  }
  if (!any) return {};
  if (all_empty)
    return "its variables are still empty in phase " + std::to_string(link.phase) +
           " (the request body is read before phase 2, the response before phase 3): move the "
           "rule to a later phase";
  long long n = 0;
  if (all_counts && !link.op_negated && !link.op_param.has_macros() &&
      parse_int(link.op_param_text, n)) {
    bool never = (iequals(link.op_name, "lt") && n <= 0) ||
                 (iequals(link.op_name, "le") && n < 0) || (iequals(link.op_name, "eq") && n < 0);
    if (never)
      return "a count (&VAR) is never negative, so @" + link.op_name + " " + link.op_param_text +
             " never matches";
  }
  return {};
}

}  // namespace

void check_never_matches(const Rules& rules, Findings& out) {
  for (const auto& rule : rules) {
    if (rule->is_marker) continue;
    for_each_link(*rule, [&](const Rule& link) {
      std::string why = why_never(link);
      if (!why.empty())
        out.warn(
            link,
            (rule->next ? "this chain can never match: " : "this rule can never match: ") + why);
    });
  }
}

}  // namespace rampart::lint
