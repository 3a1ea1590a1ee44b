// Config::lint(): runs every check of src/config/lint/ over this context's rules.
#include "config/config_impl.h"
#include "config/lint/checks.h"

namespace rampart {

std::vector<ConfigError> Config::lint() const {
  const lint::Rules& rules = impl().rules;
  lint::Findings findings;
  lint::check_never_matches(rules, findings);
  lint::check_skip_after(rules, findings);
  lint::check_redundant_transforms(rules, findings);
  lint::check_backtracking(rules, findings);
  lint::check_crs_ids(rules, findings);
  return std::move(findings.items);
}

}  // namespace rampart
