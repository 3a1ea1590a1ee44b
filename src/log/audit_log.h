// The audit log entry (SecAuditEngine) in ModSecurity v2's two formats, byte for byte:
//   Native (msc_logging.c sec_audit_logger_native): `--<boundary>-A--` parts A B C F E H K Z.
//   JSON (sec_audit_logger_json): one object per line with transaction, request, response,
//   audit_data and matched_rules.
// Formatting is pure (state in, text out) so unit tests see every byte; audit_writer.cc writes.
// docs/audit-log.md, "The formats, field by field", describes each field.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "rampart/transaction.h"

namespace rampart {
struct TransactionState;
}

namespace rampart::log {

using Clock = std::chrono::system_clock;

// Everything one entry is made from.
struct AuditInput {
  const TransactionState& tx;
  const FinalResponse& response;
  std::string_view parts;  // effective SecAuditLogParts (ctl:auditLogParts applied)
  Clock::time_point now;   // when the entry is written
};

// ---- decisions (audit_log.cc) ----
// SecAuditEngine On, or RelevantOnly with an `auditlog` rule match or a status that matches
// SecAuditLogRelevantStatus.
bool audit_relevant(const TransactionState& tx, int final_status);

// ---- formats ----
// Part E: the body the engine inspected, else the error page httpd sent instead.
std::string_view response_body(const AuditInput& in);
// Part F: the headers as sent when the connector gave them, else as phase 3 saw them.
std::vector<std::pair<std::string_view, std::string_view>> response_headers(const AuditInput& in);
std::string format_native(const AuditInput& in, std::string_view boundary);  // audit_native.cc
std::string format_json(const AuditInput& in);                               // audit_json.cc
std::string random_boundary();  // 8 lowercase hex digits

// ---- shared pieces (audit_index.cc) ----
// `dd/Mon/yyyy:hh:mm:ss.uuuuuu +zzzz` in local time (v2's current_logtime).
std::string log_time(Clock::time_point t);
// Concurrent mode: `/YYYYMMDD/YYYYMMDD-HHMM/YYYYMMDD-HHMMSS-<unique_id>`, relative to the
// storage directory (the <file> field of the index line).
std::string entry_file_name(Clock::time_point t, std::string_view unique_id);
// The Concurrent index line, newline included:
// `host remote_addr remote_user local_user [time] "request_line" status bytes "-" "-" unique_id
// "sessionid" <file> 0 <size> md5:<hex> ` (v2 ends it with a space before the newline).
std::string index_line(const AuditInput& in, std::string_view file, std::string_view entry);

// ---- part K (audit_rule_text.cc) ----
// A rule as v2 prints it: `SecRule "VARS" "OP" "ACTIONS"` (or `SecAction "ACTIONS"`), `words`
// as written. A chain starter's actions are merged with `defaults` (its phase's SecDefaultAction
// as written; "" for v2's implicit one); a chain link passes nullptr.
std::string rule_text(std::string_view directive, const std::vector<std::string>& words,
                      const std::string* defaults);
std::string expanded_actions(const std::string* defaults, std::string_view actions);

// ---- sanitisation (audit_sanitise.cc) ----
// A copy of `value` with the marked bytes replaced by '*', for argument `name` (kArg) or header.
std::string sanitise_query(const TransactionState& tx, std::string_view query);
std::string sanitise_request_line(const TransactionState& tx);
std::string sanitise_body(const TransactionState& tx);
std::string sanitise_request_header(const TransactionState& tx, std::string_view name,
                                    std::string_view value);
std::string sanitise_response_header(const TransactionState& tx, std::string_view name,
                                     std::string_view value);
// A matched value as the "why blocked" record shows it: masked like the audit log masks the
// argument or header it came from (`ARGS:password` after sanitiseArg:password).
std::string sanitise_matched_value(const TransactionState& tx, std::string_view var_name,
                                   std::string_view value);

// ---- JSON strings (json.cc) ----
// Appends `s` as a JSON string (quotes included), escaped as yajl does; bytes that are not valid
// UTF-8 become \u00XX so every line stays parseable.
// ascii_only: characters outside ASCII as \uXXXX too, for a line that goes through httpd's error
// log (which writes such bytes as \xHH, not JSON).
void json_string(std::string& out, std::string_view s, bool ascii_only = false);

}  // namespace rampart::log
