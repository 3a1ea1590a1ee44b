// Runs one recorded request through a rule set, as mod_rampart would: phases 1 and 2, then 3 and
// 4 when the source recorded a response, stopping at a disruption, and phase 5 always. No httpd,
// no persistent collections (initcol keeps its data for the transaction only), no audit log.
#pragma once

#include <string>
#include <vector>

#include "rampart/config.h"
#include "replay/request.h"

namespace rampart {
class Profile;
}

namespace rampart::replay {

struct FiredRule {
  std::string id, msg, severity, data;
  std::string message;  // the operator's text: `Matched "Operator `Rx' …" at ARGS:q.`
  bool denied = false;  // this rule's alert was the interception
};

struct Outcome {
  bool blocked = false;
  int status = 0;                // of the interception (0 when it passed)
  int phase = 0;                 // the interception's phase
  std::string verdict;           // "passed", "denied 403 (phase 2)", "redirect 302 …", "drop …"
  std::vector<FiredRule> rules;  // alerts with an id, in order
  std::vector<std::string> notes;  // engine messages without a rule (body limits, parse errors)
  // CRS anomaly scores (blocking_inbound_anomaly_score & co., or CRS 3's names); -1: not set.
  long long inbound_score = -1, outbound_score = -1;
  double micros = 0;  // evaluation time, all phases
};

Outcome evaluate(const Config& config, const Request& request, Profile* profile = nullptr);

}  // namespace rampart::replay
