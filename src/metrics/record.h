// Recording into a process's Counters (counters.h): one finished transaction, and what the
// process's collection stores did since the last call. Both are called from many request threads
// at once; neither takes a lock.
#pragma once

#include <atomic>
#include <cstdint>

#include "metrics/counters.h"
#include "rampart/collection_store.h"

namespace rampart {
struct TransactionState;
}

namespace rampart::metrics {

// Call after phase 5 (httpd's log_transaction). A transaction the rules never ran on (SecRuleEngine
// Off) is not counted at all.
void record_transaction(Counters& c, const TransactionState& tx);

// One more transaction in which rule `id` matched; ids the table has no room for, and 0, go to
// rule_hits_untracked.
void add_rule_hit(Counters& c, uint64_t id);

// The store's own metrics are totals since this process opened it, but a counter block may have
// belonged to an earlier process (its slot was reclaimed), so only increases are added. The
// watermark holds what was added so far; it belongs to the process, not to the block.
struct StoreWatermark {
  std::atomic<uint64_t> round_trips{0}, errors{0}, timeouts{0}, latency_us{0};
};
void record_store(Counters& c, StoreWatermark& seen, const CollectionStoreMetrics& now);

}  // namespace rampart::metrics
