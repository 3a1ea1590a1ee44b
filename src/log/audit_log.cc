// The end of a transaction: decides whether it goes into the audit log, builds the entry in the
// configured format and hands it to the writer (Serial: the entry itself; Concurrent: a file of
// its own plus an index line).
#include "log/audit_log.h"

#include "config/config_impl.h"
#include "engine/transaction_state.h"
#include "log/audit_writer.h"

namespace rampart {

namespace {

const log::AuditConfig& audit_config(const TransactionState& tx) {
  return tx.config->impl().audit;
}

log::AuditEngine audit_engine(const TransactionState& tx) {
  return tx.audit.engine.value_or(audit_config(tx).engine_mode());
}

void report(TransactionState& tx, const log::AuditLogFile& file, const std::string& error) {
  if (tx.debug_enabled(1)) tx.debug(1, "Audit log: " + error);
  if (!file.should_report()) return;
  tx.log->alert("ModSecurity: Audit log: " + error +
                " (reported at most once a minute per process; check the disk and the "
                "permissions of the log)");
}

std::string directory_of(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

}  // namespace

namespace log {

bool audit_relevant(const TransactionState& tx, int final_status) {
  if (tx.audit.relevant) return true;
  const auto& re = audit_config(tx).relevant_status;
  if (!re) return false;
  if (re->matches(std::to_string(final_status), tx.scratch)) return true;
  // The status the rules decided on, when httpd ended up sending another one.
  int decided = tx.intervention.status;
  return decided > 0 && decided != final_status && re->matches(std::to_string(decided), tx.scratch);
}

}  // namespace log

bool Transaction::wants_audit_log() const {
  const TransactionState& tx = *state_;
  if (tx.settings().engine_mode() == EngineMode::kOff || tx.request_line.empty()) return false;
  return audit_engine(tx) != log::AuditEngine::kOff && audit_config(tx).log != nullptr;
}

void Transaction::write_audit_log(const FinalResponse& response) {
  TransactionState& tx = *state_;
  if (!wants_audit_log()) return;
  if (audit_engine(tx) == log::AuditEngine::kRelevantOnly &&
      !log::audit_relevant(tx, response.status)) {
    if (tx.debug_enabled(4)) tx.debug(4, "Audit log: Ignoring a non-relevant request.");
    return;
  }
  const log::AuditConfig& cfg = audit_config(tx);
  std::string parts = tx.audit.parts ? *tx.audit.parts : std::string(cfg.effective_parts());
  log::AuditInput in{tx, response, parts, log::Clock::now()};
  bool json = cfg.log_format() == log::AuditFormat::kJson;
  std::string entry =
      json ? log::format_json(in) + "\n" : log::format_native(in, log::random_boundary());
  if (tx.debug_enabled(4)) tx.debug(4, "Audit log: Logging this transaction.");
  std::string error;
  if (cfg.log_type() == log::AuditType::kSerial) {
    if (!json) entry += '\n';  // a Serial native entry ends with a blank line
    if (!cfg.log->append(entry, error)) report(tx, *cfg.log, error);
    return;
  }
  std::string file = log::entry_file_name(in.now, tx.unique_id);
  std::string dir = cfg.storage_dir ? *cfg.storage_dir : directory_of(cfg.log->name());
  if (!log::write_entry_file(dir + file, entry, cfg.directory_mode(), cfg.entry_file_mode(),
                             error)) {
    report(tx, *cfg.log, error);
    return;
  }
  std::string index = log::index_line(in, file, entry);
  if (!cfg.log->append(index, error)) report(tx, *cfg.log, error);
  if (cfg.log2 && !cfg.log2->append(index, error)) report(tx, *cfg.log2, error);
}

}  // namespace rampart
