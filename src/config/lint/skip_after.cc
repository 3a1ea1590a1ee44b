// skipAfter jumps forward only: when the marker is missing or comes earlier, v2 (and Rampart)
// skip every remaining rule of the phase, which is rarely what the author meant.
#include <string>
#include <string_view>
#include <unordered_set>

#include "config/lint/checks.h"

namespace rampart::lint {

void check_skip_after(const Rules& rules, Findings& out) {
  // Walk backwards, so the sets hold what comes after the current rule. A skip ends at a marker
  // (markers belong to every phase) or at a rule of the same phase.
  std::unordered_set<std::string_view> markers;
  std::unordered_set<std::string> phase_ids;  // "<phase>:<id>"
  for (size_t i = rules.size(); i-- > 0;) {
    const Rule& rule = *rules[i];
    if (rule.is_marker) {
      markers.insert(rule.id);
      continue;
    }
    const std::string& target = rule.actions.skip_after;
    if (!target.empty() && !markers.contains(target) &&
        !phase_ids.contains(std::to_string(rule.phase) + ":" + target)) {
      out.warn(rule, "skipAfter:" + target +
                         " names no SecMarker or rule id after this rule in what was loaded, so a "
                         "match skips the rest of the phase; add 'SecMarker " +
                         target +
                         "' where the skip should end (or lint the file that includes the "
                         "marker's file too, as httpd loads them)");
    }
    phase_ids.insert(std::to_string(rule.phase) + ":" + rule.id);
  }
}

}  // namespace rampart::lint
