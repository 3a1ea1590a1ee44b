// What one transaction records for its audit log entry while the rules run: the alert messages
// (part H), the rules that matched (part K), what to sanitise, ctl: overrides and phase timings.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "log/audit_config.h"

namespace rampart {
struct Rule;
}

namespace rampart::log {

// sanitiseMatchedBytes: mask `match` inside the value of `name`, keeping the first `keep_first`
// and the last `keep_last` bytes of the match.
struct MaskedBytes {
  enum class Where { kArg, kRequestHeader, kResponseHeader };
  Where where;
  std::string name;
  std::string match;
  int keep_first = 0, keep_last = 0;
};

// One rule match as the "why blocked" record keeps it (src/log/verdict.h): which rule, on what,
// and how many anomaly points its actions added.
struct MatchRecord {
  const Rule* rule = nullptr;  // the chain starter
  int phase = 0;
  std::string msg;            // the rule's msg, macros expanded at the match
  std::string target, value;  // MATCHED_VAR_NAME and MATCHED_VAR (cut to kMaxMatchValue)
  int64_t score = 0;          // CRS anomaly points the match added (src/log/verdict.cc)
};

struct AuditState {
  std::vector<std::string> messages;       // alert lines without "ModSecurity: "
  std::vector<const Rule*> matched_rules;  // chain starters, in match order
  bool relevant = false;                   // a rule with `auditlog` matched
  int intercept_phase = 0;                 // phase of the disruptive action, 0 when none
  std::string intercept_message;

  std::optional<AuditEngine> engine;  // ctl:auditEngine
  std::optional<std::string> parts;   // ctl:auditLogParts, already applied to the context's list

  // Sanitisation, as v2 keeps it: names (case-insensitive), each once.
  std::vector<std::string> args, request_headers, response_headers;
  std::vector<MaskedBytes> masked_bytes;

  std::array<int64_t, 6> phase_us{};  // time spent in phases 1..5 (index 0 unused)
  std::vector<MatchRecord> matches;   // every match of a rule that logs, in order
  // Bit p set: phase p ran (a phase can take under 1 µs, so phase_us alone cannot tell).
  unsigned phases_run = 0;

  void add_message(std::string_view alert_line);
  void on_match(const Rule& starter);
  static void add_name(std::vector<std::string>& names, std::string_view name);
};

// Adds the time between construction and destruction to phase_us[phase] (Stopwatch2).
class PhaseTimer {
 public:
  PhaseTimer(AuditState& state, int phase)
      : state_(state), phase_(phase), start_(std::chrono::steady_clock::now()) {
    if (phase_ >= 1 && phase_ <= 5) state_.phases_run |= 1u << phase_;
  }
  ~PhaseTimer() {
    if (phase_ < 1 || phase_ > 5) return;
    state_.phase_us[phase_] += std::chrono::duration_cast<std::chrono::microseconds>(
                                   std::chrono::steady_clock::now() - start_)
                                   .count();
  }

 private:
  AuditState& state_;
  int phase_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace rampart::log
