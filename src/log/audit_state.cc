#include "log/audit_state.h"

#include "engine/collection.h"
#include "engine/rule.h"

namespace rampart::log {

void AuditState::add_message(std::string_view alert_line) {
  constexpr std::string_view kPrefix = "ModSecurity: ";
  if (alert_line.substr(0, kPrefix.size()) == kPrefix) alert_line.remove_prefix(kPrefix.size());
  // v2's part H leaves out what only the error log needs: [hostname] [uri] [unique_id] come last,
  // and a quote inside any earlier field is escaped, so the last ` [hostname "` is theirs.
  size_t tail = alert_line.rfind(" [hostname \"");
  if (tail != std::string_view::npos) alert_line = alert_line.substr(0, tail);
  messages.emplace_back(alert_line);
}

// v2 marks a transaction relevant when a matching rule has `auditlog` (noauditlog cancels the
// mark its alert would make), and lists every matched rule in part K, nolog ones included. A rule
// matching several values is listed once.
void AuditState::on_match(const Rule& starter) {
  if (starter.auditlog) relevant = true;
  if (matched_rules.empty() || matched_rules.back() != &starter) matched_rules.push_back(&starter);
}

void AuditState::add_name(std::vector<std::string>& names, std::string_view name) {
  for (const std::string& n : names)
    if (iequals(n, name)) return;
  names.emplace_back(name);
}

}  // namespace rampart::log
