// `rampart tune`: from the alerts of an audit log, the (rule, target, path) combinations that
// look like false positives — the same rule on the same argument, hit by many different clients —
// and the CRS-style exclusion that would silence each: a runtime
// `ctl:ruleRemoveTargetById=ID;TARGET` scoped to the path when the hits are on few paths, or a
// site-wide `SecRuleUpdateTargetById ID "!TARGET"` when they are everywhere. Proposals are for a
// person to review: an exclusion also lets a real attack on that argument past that rule.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "log/entry.h"

namespace rampart::tune {

struct Thresholds {
  uint64_t min_hits = 5;     // a combination seen fewer times is left alone
  uint64_t min_clients = 3;  // ... or from fewer client addresses (one attacker is not a pattern)
  size_t max_paths = 3;      // more paths than this: one site-wide exclusion instead
  int first_id = 10000;      // ids of the proposed SecRules (CRS leaves 1-99,999 to the site)
};

struct Proposal {
  std::string rule_id, rule_msg, target;
  std::vector<std::string> paths;               // empty: site-wide
  uint64_t hits = 0, clients = 0, blocked = 0;  // blocked: transactions it took part in denying
  std::string example_id, example_data;         // one transaction to look at
};

// The variable an alert names: `… at ARGS:q.` at the end of the operator's message, else CRS's
// `found within ARGS:q: …` in its data. Empty when there is none.
std::string alert_target(const logtool::RuleMessage& m);

// True when `target` can be written into a ctl: action and a SecRuleUpdateTargetById argument
// as it is (no quote, comma, semicolon or space to escape).
bool writable_target(std::string_view target);

class Collector {
 public:
  void add(const logtool::Entry& e);
  // The proposals, most hits first.
  std::vector<Proposal> proposals(const Thresholds& t) const;
  uint64_t transactions() const { return transactions_; }
  uint64_t with_alerts() const { return with_alerts_; }

 private:
  struct PathStats {
    uint64_t hits = 0, blocked = 0;
    std::set<std::string> clients;
  };
  struct Group {
    std::string msg, example_id, example_data;
    std::map<std::string, PathStats> paths;
  };
  std::map<std::pair<std::string, std::string>, Group> groups_;  // (rule id, target)
  uint64_t transactions_ = 0, with_alerts_ = 0;
};

// The proposals as rule text for the two CRS exclusion files (before and after the CRS rules).
std::string render(const std::vector<Proposal>& proposals, const Thresholds& t,
                   const std::string& source_note);

}  // namespace rampart::tune
