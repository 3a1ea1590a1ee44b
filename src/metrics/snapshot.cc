#include "metrics/snapshot.h"

namespace rampart::metrics {
namespace {

void add_histogram(Histogram& to, const Histogram& from) {
  for (size_t b = 0; b < kBuckets; ++b) to.buckets[b] += load(from.buckets[b]);
  to.sum_us += load(from.sum_us);
  to.count += load(from.count);
}

}  // namespace

void add(Snapshot& s, const Counters& c) {
  uint64_t transactions = load(c.transactions);
  if (transactions > 0) ++s.processes;
  s.transactions += transactions;
  for (int p = 1; p <= kPhases; ++p) {
    s.blocked[p] += load(c.blocked[p]);
    add_histogram(s.phase_latency[p], c.phase_latency[p]);
  }
  s.request_body_errors += load(c.request_body_errors);
  s.pcre_limit_transactions += load(c.pcre_limit_transactions);
  s.rule_hits_untracked += load(c.rule_hits_untracked);
  s.store.round_trips += load(c.store.round_trips);
  s.store.errors += load(c.store.errors);
  s.store.timeouts += load(c.store.timeouts);
  s.store.latency_us += load(c.store.latency_us);
  for (const RuleSlot& slot : c.rules) {
    uint64_t id = load(slot.id);
    if (id != 0) s.rule_hits[id] += load(slot.hits);
  }
}

Snapshot sum(std::span<const Counters> blocks) {
  Snapshot s;
  for (const Counters& c : blocks) add(s, c);
  return s;
}

}  // namespace rampart::metrics
