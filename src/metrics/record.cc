#include "metrics/record.h"

#include <charconv>
#include <string_view>

#include "engine/rule.h"
#include "engine/transaction_state.h"

namespace rampart::metrics {
namespace {

void observe(Histogram& h, uint64_t us) {
  size_t b = 0;
  while (b < kLatencyBoundsUs.size() && us > kLatencyBoundsUs[b]) ++b;
  bump(h.buckets[b]);
  bump(h.sum_us, us);
  bump(h.count);
}

bool blocks(const Intervention& i) {
  return i.kind == Intervention::Kind::kDeny || i.kind == Intervention::Kind::kDrop ||
         i.kind == Intervention::Kind::kRedirect;
}

// The phase a block belongs to. A rule's deny records its phase; the engine's own refusals
// (a request body over its limit: 413; an unreachable collection store: 503) do not, so they
// count in phase 2 for the body, else in the last request phase that ran.
int blocked_phase(const TransactionState& tx) {
  if (tx.audit.intercept_phase > 0) return tx.audit.intercept_phase;
  if (tx.request_body_limit_logged) return 2;
  for (int p = 4; p >= 1; --p)
    if (tx.audit.phases_run & (1u << p)) return p;
  return 1;
}

// Rule ids are numbers in practice (v2 requires them); anything else is not tracked by id.
uint64_t numeric_id(std::string_view id) {
  uint64_t n = 0;
  auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), n);
  return ec == std::errc() && end == id.data() + id.size() ? n : 0;
}

// Adds what `now` has beyond the watermark to `counter`. Two threads may read the store's
// totals in either order: the watermark only ever moves up, and each increase is added once, by
// the thread whose compare-exchange moved it.
void add_increase(uint64_t& counter, std::atomic<uint64_t>& seen, uint64_t now) {
  uint64_t before = seen.load(std::memory_order_relaxed);
  while (now > before) {
    if (seen.compare_exchange_weak(before, now, std::memory_order_relaxed)) {
      bump(counter, now - before);
      return;
    }
  }
}

}  // namespace

void add_rule_hit(Counters& c, uint64_t id) {
  if (id != 0) {
    // Open addressing with linear probing; a slot's id is written once and never changes, so a
    // reader that sees an id sees the right slot for it.
    size_t start = (id * 0x9E3779B97F4A7C15ull) >> 54;  // top 10 bits: 0..1023
    static_assert(kRuleSlots == 1024, "the hash above yields 10 bits");
    for (size_t i = 0; i < kRuleSlots; ++i) {
      RuleSlot& slot = c.rules[(start + i) % kRuleSlots];
      std::atomic_ref<uint64_t> owner(slot.id);
      uint64_t current = owner.load(std::memory_order_relaxed);
      if (current == 0 && owner.compare_exchange_strong(current, id, std::memory_order_relaxed))
        current = id;
      if (current == id) {
        bump(slot.hits);
        return;
      }
    }
  }
  bump(c.rule_hits_untracked);
}

void record_transaction(Counters& c, const TransactionState& tx) {
  const log::AuditState& a = tx.audit;
  if (a.phases_run == 0) return;
  bump(c.transactions);
  for (int p = 1; p <= kPhases; ++p)
    if (a.phases_run & (1u << p))
      observe(c.phase_latency[p], a.phase_us[p] > 0 ? static_cast<uint64_t>(a.phase_us[p]) : 0);
  if (blocks(tx.intervention)) bump(c.blocked[blocked_phase(tx)]);
  if (tx.reqbody_error) bump(c.request_body_errors);
  if (tx.tx.get("MSC_PCRE_LIMITS_EXCEEDED") != nullptr) bump(c.pcre_limit_transactions);
  for (const Rule* r : a.matched_rules) add_rule_hit(c, numeric_id(r->id));
}

void record_store(Counters& c, StoreWatermark& seen, const CollectionStoreMetrics& now) {
  add_increase(c.store.round_trips, seen.round_trips, now.round_trips);
  add_increase(c.store.errors, seen.errors, now.errors);
  add_increase(c.store.timeouts, seen.timeouts, now.timeouts);
  add_increase(c.store.latency_us, seen.latency_us, now.latency_us_total);
}

}  // namespace rampart::metrics
