// "Why blocked": one structured record per transaction, made at phase 5, with every rule match
// (rule, target, an excerpt of the matched value, the anomaly points it added) and the final
// CRS inbound/outbound scores — instead of k bracketed lines to piece together. It goes into
// the JSON audit log (audit_data.verdict) and, with `SecAlertLogFormat JSON`, into the error log
// as one line in place of the per-rule lines.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rampart {
struct Rule;
struct TransactionState;
}  // namespace rampart

namespace rampart::log {

inline constexpr size_t kMaxMatchValue = 128;  // bytes of a matched value the record keeps

// True for the TX variables CRS adds anomaly points to (inbound_anomaly_score_plN,
// outbound_anomaly_score_plN, and CRS 3's anomaly_score_plN). setvar adds each change of one to
// TransactionState::rule_points, so a match's points cost nothing to measure.
bool is_anomaly_score(std::string_view name);

// A score variable's value as a number (0 when unset).
int64_t score_value(const std::string* value);

// The final score as CRS computes it in phase 2/4 (blocking_inbound_anomaly_score, or CRS 3's
// inbound_anomaly_score / anomaly_score); -1 when the rules set none.
int64_t final_score(const TransactionState& tx, bool inbound);

// Records a match of `starter`, a rule that logs, after its actions ran; `points` is what they
// added to the anomaly scores.
void record_match(TransactionState& tx, const Rule& starter, int64_t points);

// The record as one JSON object; ascii_only for the error log (json_string in audit_log.h).
std::string verdict_json(const TransactionState& tx, bool ascii_only = false);

}  // namespace rampart::log
