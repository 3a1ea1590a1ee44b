// A rule's memory of the last ctl:ruleRemoveTargetBy* that asked whether it selects the rule.
// CRS's 941010 removes REQUEST_FILENAME from every rule tagged "xss-perf-disable" in every
// request; each rule that reads REQUEST_FILENAME asks once per request, so a per-request cache
// would never be hit, and the answer (a search of the rule's tags) is the same every time. Rules
// are shared by the threads of a process: the key and the answer are one atomic word.
#pragma once

#include <atomic>
#include <cstdint>

namespace rampart {

class MatcherMemo {
 public:
  MatcherMemo() = default;
  // A copy of a rule may get other tags or another msg (SecRuleUpdateActionById): it asks again.
  MatcherMemo(const MatcherMemo&) {}
  MatcherMemo& operator=(const MatcherMemo&) {
    last_.store(0, std::memory_order_relaxed);
    return *this;
  }

  // `ask()`'s answer for `matcher`, remembered until another matcher asks. `matcher` must live
  // as long as the rule (the ctl action that owns it is the rule set's), and be at least
  // 2-byte aligned: its lowest bit holds the answer.
  template <typename Ask>
  bool answer(const void* matcher, Ask ask) const {
    auto key = reinterpret_cast<uintptr_t>(matcher);
    uintptr_t last = last_.load(std::memory_order_relaxed);
    if ((last & ~uintptr_t{1}) == key) return (last & 1) != 0;
    bool yes = ask();
    last_.store(key | (yes ? 1 : 0), std::memory_order_relaxed);
    return yes;
  }

 private:
  mutable std::atomic<uintptr_t> last_{0};
};

}  // namespace rampart
