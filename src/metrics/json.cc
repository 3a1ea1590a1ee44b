// The status as one JSON object. Keys are fixed ASCII names and numbers, so nothing needs
// escaping; phases and rule ids are object keys (strings), as JSON requires.
#include <string>
#include <string_view>

#include "metrics/render.h"

namespace rampart::metrics {
namespace {

class Object {
 public:
  explicit Object(std::string& out) : out_(out) { out_ += '{'; }
  ~Object() { out_ += '}'; }
  std::string& key(std::string_view k) {
    if (!first_) out_ += ',';
    first_ = false;
    out_.append("\"").append(k).append("\":");
    return out_;
  }
  void number(std::string_view k, uint64_t v) { key(k) += std::to_string(v); }

 private:
  std::string& out_;
  bool first_ = true;
};

void histogram(std::string& out, const Histogram& h) {
  Object o(out);
  {
    o.key("buckets");  // cumulative, as in Prometheus: le (µs) -> count
    Object b(out);
    uint64_t cumulative = 0;
    for (size_t i = 0; i < kBuckets; ++i) {
      cumulative += h.buckets[i];
      b.number(i < kLatencyBoundsUs.size() ? std::to_string(kLatencyBoundsUs[i]) : "+Inf",
               cumulative);
    }
  }
  o.number("sum_us", h.sum_us);
  o.number("count", h.count);
}

}  // namespace

std::string render_json(const Snapshot& s) {
  std::string out;
  {
    Object o(out);
    o.number("transactions", s.transactions);
    {
      o.key("blocked");
      Object b(out);
      for (int p = 1; p <= 4; ++p) b.number(std::to_string(p), s.blocked[p]);
    }
    {
      o.key("rule_hits");
      Object r(out);
      for (const auto& [id, hits] : s.rule_hits) r.number(std::to_string(id), hits);
    }
    o.number("rule_hits_untracked", s.rule_hits_untracked);
    {
      o.key("phase_duration_us");
      Object d(out);
      for (int p = 1; p <= kPhases; ++p) {
        d.key(std::to_string(p));
        histogram(out, s.phase_latency[p]);
      }
    }
    o.number("request_body_errors", s.request_body_errors);
    o.number("pcre_limit_transactions", s.pcre_limit_transactions);
    {
      o.key("collection_store");
      Object c(out);
      c.number("round_trips", s.store.round_trips);
      c.number("errors", s.store.errors);
      c.number("timeouts", s.store.timeouts);
      c.number("round_trip_us", s.store.latency_us);
      c.key("records") += s.store_records ? std::to_string(*s.store_records) : "null";
    }
    o.number("processes", s.processes);
  }
  out += '\n';
  return out;
}

}  // namespace rampart::metrics
