// Live metrics of one process: a block of plain counters with a fixed layout and no pointers, so
// the connector can place one per server process in shared memory (zeroed memory is an empty
// block) and any process can read all of them. Writers update fields through std::atomic_ref
// with relaxed ordering: each counter is exact on its own, and a reader may see one transaction's
// counters half applied, which a scrape tolerates. No lock on the request path.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace rampart::metrics {

// Upper bounds (microseconds, inclusive) of the per-phase latency histogram; one more bucket
// holds everything slower (+Inf). From "most rule sets" (under 50 µs) up to a pathological 100 ms.
inline constexpr std::array<uint64_t, 10> kLatencyBoundsUs = {50,   100,  250,   500,   1000,
                                                              2500, 5000, 10000, 25000, 100000};
inline constexpr size_t kBuckets = kLatencyBoundsUs.size() + 1;
inline constexpr int kPhases = 5;

// Rule ids tracked per process. CRS v4 has about 700 rules; far fewer ever match. Hits of rules
// that find no free slot (or have no numeric id) are counted in rule_hits_untracked.
inline constexpr size_t kRuleSlots = 1024;

struct Histogram {
  std::array<uint64_t, kBuckets> buckets;  // per bucket, not cumulative (the renderers sum)
  uint64_t sum_us;
  uint64_t count;
};

struct RuleSlot {
  uint64_t id;    // numeric rule id; 0: free (claimed once with a CAS, never released)
  uint64_t hits;  // transactions in which the rule (a chain starter) matched
};

// What one store of persistent collections reported (rampart::CollectionStoreMetrics, summed
// over the process's stores). Only remote (Redis) stores count round trips today.
struct StoreCounters {
  uint64_t round_trips;
  uint64_t errors;
  uint64_t timeouts;
  uint64_t latency_us;
};

struct Counters {
  uint64_t transactions;                      // the rules ran on it (SecRuleEngine not Off)
  std::array<uint64_t, kPhases + 1> blocked;  // by phase 1..5 (index 0 unused)
  uint64_t request_body_errors;               // REQBODY_ERROR set (a body that failed to parse)
  uint64_t pcre_limit_transactions;           // TX:MSC_PCRE_LIMITS_EXCEEDED set
  uint64_t rule_hits_untracked;
  std::array<Histogram, kPhases + 1> phase_latency;  // index 1..5
  StoreCounters store;
  std::array<RuleSlot, kRuleSlots> rules;
};

static_assert(std::is_trivially_copyable_v<Counters> && std::is_standard_layout_v<Counters>,
              "Counters lives in shared memory: no pointers, no constructors");
static_assert(std::atomic_ref<uint64_t>::is_always_lock_free,
              "counters are shared between processes: their atomics must not use a lock table");

// Adds n to a counter that other threads and processes update at the same time.
inline void bump(uint64_t& counter, uint64_t n = 1) {
  std::atomic_ref<uint64_t>(counter).fetch_add(n, std::memory_order_relaxed);
}

inline uint64_t load(const uint64_t& counter) {
  return std::atomic_ref<uint64_t>(const_cast<uint64_t&>(counter)).load(std::memory_order_relaxed);
}

}  // namespace rampart::metrics
