#include "log/verdict.h"

#include <cstdlib>
#include <span>

#include "actions/builtin.h"
#include "engine/rule.h"
#include "engine/transaction_state.h"
#include "log/audit_log.h"

namespace rampart::log {

namespace {

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

void add_string(std::string& out, std::string_view key, std::string_view value, bool ascii) {
  out += ',';
  json_string(out, key);
  out += ':';
  json_string(out, value, ascii);
}

void add_number(std::string& out, std::string_view key, int64_t value) {
  out += ',';
  json_string(out, key);
  out += ':' + std::to_string(value);
}

// The request line's target as the audit log writes it (sanitised arguments masked).
std::string request_target(const TransactionState& tx) {
  std::string line = sanitise_request_line(tx);
  std::string_view target = line;
  if (size_t sp = target.find(' '); sp != std::string_view::npos) target.remove_prefix(sp + 1);
  if (size_t sp = target.rfind(' '); sp != std::string_view::npos) target = target.substr(0, sp);
  return std::string(target);
}

}  // namespace

int64_t score_value(const std::string* v) {
  return v ? std::strtoll(v->c_str(), nullptr, 10) : 0;
}

bool is_anomaly_score(std::string_view n) {
  // Most names a setvar writes are not scores (CRS's "%{rule.id}-…" per match): the first
  // letter tells.
  switch (n.empty() ? 0 : n[0] | 0x20) {
    case 'i':
      return starts_with_nocase(n, "inbound_anomaly_score_pl");
    case 'o':
      return starts_with_nocase(n, "outbound_anomaly_score_pl");
    case 'a':
      return starts_with_nocase(n, "anomaly_score_pl");
    default:
      return false;
  }
}

int64_t final_score(const TransactionState& tx, bool inbound) {
  static constexpr std::string_view kInbound[] = {"blocking_inbound_anomaly_score",
                                                  "inbound_anomaly_score", "anomaly_score"};
  static constexpr std::string_view kOutbound[] = {"blocking_outbound_anomaly_score",
                                                   "outbound_anomaly_score"};
  for (std::string_view name : inbound ? std::span<const std::string_view>(kInbound)
                                       : std::span<const std::string_view>(kOutbound))
    if (const std::string* v = tx.tx.get(name); v && !v->empty()) return score_value(v);
  return -1;
}

void record_match(TransactionState& tx, const Rule& starter, int64_t points) {
  if (starter.id.empty()) return;
  MatchRecord& m = tx.audit.matches.emplace_back();
  m.rule = &starter;
  m.phase = tx.phase;
  if (starter.actions.msg) m.msg = starter.actions.msg->expand(tx);
  m.target = tx.matched_var_name;
  m.value = tx.matched_var.substr(0, kMaxMatchValue);
  m.score = points;
}

std::string verdict_json(const TransactionState& tx, bool ascii_only) {
  const AuditState& a = tx.audit;
  std::string out = "{";
  json_string(out, "unique_id");
  out += ':';
  json_string(out, tx.unique_id, ascii_only);
  add_string(out, "client", tx.remote_addr, ascii_only);
  add_string(out, "hostname", tx.hostname, ascii_only);
  add_string(out, "method", tx.method, ascii_only);
  add_string(out, "uri", request_target(tx), ascii_only);
  out += std::string(",\"blocked\":") + (a.intercept_phase > 0 ? "true" : "false");
  if (a.intercept_phase > 0) {
    add_number(out, "phase", a.intercept_phase);
    add_number(out, "status", tx.intervention.status);
  }
  if (int64_t in = final_score(tx, true); in >= 0) add_number(out, "inbound_score", in);
  if (int64_t out_score = final_score(tx, false); out_score >= 0)
    add_number(out, "outbound_score", out_score);
  out += ",\"matches\":[";
  for (size_t i = 0; i < a.matches.size(); ++i) {
    const MatchRecord& m = a.matches[i];
    out += i ? ",{" : "{";
    json_string(out, "id");
    out += ':';
    json_string(out, m.rule->id, ascii_only);
    add_number(out, "phase", m.phase);
    if (!m.msg.empty()) add_string(out, "msg", m.msg, ascii_only);
    if (m.rule->actions.severity)
      add_string(out, "severity", actions::severity_name(*m.rule->actions.severity), ascii_only);
    if (!m.target.empty()) {
      add_string(out, "target", m.target, ascii_only);
      add_string(out, "value", sanitise_matched_value(tx, m.target, m.value), ascii_only);
    }
    add_number(out, "score", m.score);
    out += '}';
  }
  return out + "]}";
}

}  // namespace rampart::log
