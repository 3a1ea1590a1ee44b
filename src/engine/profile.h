// Where rule evaluation spends its time, rule by rule and transformation by transformation, for
// `rampart replay --profile`. A Profile outlives the transactions it watches and sums over them;
// a transaction records into it only when TransactionState::profile points at one, so the cost
// (two clock reads per rule, per transformation and per operator call) is paid in replay alone.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rampart {

struct Rule;

class Profile {
 public:
  using Clock = std::chrono::steady_clock;

  struct RuleTimes {
    const Rule* rule = nullptr;  // the chain starter; rules outlive the profile's use
    uint64_t calls = 0, matches = 0;
    int64_t total_ns = 0;      // the whole evaluation, chain links included
    int64_t transform_ns = 0;  // of which transformations (cache misses only)
    int64_t operator_ns = 0;   // of which operator calls
  };
  struct TransformTimes {
    std::string_view name;  // the registry's name, static
    uint64_t calls = 0;
    int64_t total_ns = 0;
  };

  // The entry of `starter`, made on first use; stays valid until the profile is destroyed.
  RuleTimes& rule(const Rule& starter);
  void add_transform(std::string_view name, int64_t ns);

  // Every rule evaluated at least once, in the order first seen.
  std::vector<const RuleTimes*> rules() const;
  std::vector<const TransformTimes*> transforms() const;
  uint64_t transactions = 0;  // counted by the caller

  static int64_t since(Clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
  }

 private:
  std::unordered_map<const Rule*, RuleTimes*> rule_index_;
  std::deque<RuleTimes> rules_;  // a deque: entries stay in place as it grows
  std::unordered_map<std::string_view, TransformTimes> transforms_;
};

}  // namespace rampart
