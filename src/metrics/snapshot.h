// The server's metrics at one moment: the counter blocks of every process slot added up. What
// the status handler renders (render.h).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>

#include "metrics/counters.h"

namespace rampart::metrics {

struct Snapshot {
  // Blocks that counted a transaction: server processes so far, where a process that took over
  // the block of one that exited counts once (it keeps adding to the same totals).
  size_t processes = 0;
  uint64_t transactions = 0;
  std::array<uint64_t, kPhases + 1> blocked{};
  uint64_t request_body_errors = 0;
  uint64_t pcre_limit_transactions = 0;
  uint64_t rule_hits_untracked = 0;
  std::array<Histogram, kPhases + 1> phase_latency{};
  StoreCounters store{};
  // Records in the local collection store, read by the process answering the scrape (every
  // process opens the same LMDB files, so any one knows); nothing when unknown.
  std::optional<uint64_t> store_records;
  std::map<uint64_t, uint64_t> rule_hits;  // id -> hits, ordered by id for a stable output
};

// Adds one block to `total`. Safe while other processes write: each counter is read once,
// atomically.
void add(Snapshot& total, const Counters& block);

// Adds up `blocks` (contiguous, as in tests; the connector's blocks sit in slots and use add()).
Snapshot sum(std::span<const Counters> blocks);

}  // namespace rampart::metrics
