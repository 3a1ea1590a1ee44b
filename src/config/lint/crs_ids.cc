// OWASP CRS reserves rule ids 900000-999999 for itself: a local rule there collides with a CRS
// rule (a duplicate id is a load error) as soon as both are loaded, or after a CRS upgrade.
#include <charconv>

#include "config/lint/checks.h"

namespace rampart::lint {

namespace {

constexpr long kCrsFirst = 900000, kCrsLast = 999999;

// CRS tags its rules OWASP_CRS and versions them OWASP_CRS/x.y.z.
bool is_crs_rule(const Rule& rule) {
  for (const std::string& tag : rule.actions.tags)
    if (tag == "OWASP_CRS" || tag.starts_with("OWASP_CRS/")) return true;
  return rule.actions.ver.starts_with("OWASP_CRS");
}

}  // namespace

void check_crs_ids(const Rules& rules, Findings& out) {
  for (const auto& rule : rules) {
    if (rule->is_marker) continue;
    long id = 0;
    const std::string& s = rule->id;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), id);
    if (ec != std::errc() || p != s.data() + s.size()) continue;
    if (id < kCrsFirst || id > kCrsLast || is_crs_rule(*rule)) continue;
    out.warn(*rule, "rule id " + s +
                        " is in OWASP CRS's reserved range 900000-999999 and will collide with "
                        "CRS; use an id outside it (1-99999 are for local rules)");
  }
}

}  // namespace rampart::lint
