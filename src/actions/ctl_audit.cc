// ctl:auditEngine and ctl:auditLogParts: change the audit log decision and part list for the
// current transaction only (CRS uses ctl:auditEngine=Off for its localhost exclusions).
#include "actions/ctl_audit.h"

#include "config/config_impl.h"
#include "engine/collection.h"
#include "engine/transaction_state.h"

namespace rampart::actions {

std::optional<std::string> ctl_audit_engine(std::string_view v,
                                            std::function<void(TransactionState&)>& out) {
  log::AuditEngine engine;
  if (iequals(v, "On")) {
    engine = log::AuditEngine::kOn;
  } else if (iequals(v, "Off")) {
    engine = log::AuditEngine::kOff;
  } else if (iequals(v, "RelevantOnly")) {
    engine = log::AuditEngine::kRelevantOnly;
  } else {
    return "ctl:auditEngine takes On, Off or RelevantOnly, got '" + std::string(v) + "'";
  }
  out = [engine](TransactionState& tx) { tx.audit.engine = engine; };
  return std::nullopt;
}

std::optional<std::string> ctl_audit_log_parts(std::string_view v,
                                               std::function<void(TransactionState&)>& out) {
  bool change = !v.empty() && (v[0] == '+' || v[0] == '-');
  std::string error = log::check_parts(change ? v.substr(1) : v);
  if (!error.empty()) return "ctl:auditLogParts " + error + " (or +X / -X to add or remove one)";
  out = [parts = std::string(v)](TransactionState& tx) {
    std::string current =
        tx.audit.parts ? *tx.audit.parts : std::string(tx.config->impl().audit.effective_parts());
    tx.audit.parts = log::apply_parts_change(current, parts);
  };
  return std::nullopt;
}

}  // namespace rampart::actions
