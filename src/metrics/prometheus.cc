// Prometheus text format: a HELP and a TYPE line per metric family, then one sample per line.
// Histogram buckets are cumulative and end with le="+Inf", whose count equals _count.
#include <string>
#include <string_view>

#include "metrics/render.h"

namespace rampart::metrics {
namespace {

class Writer {
 public:
  void family(std::string_view name, std::string_view type, std::string_view help) {
    out_.append("# HELP ").append(name).append(" ").append(help).append("\n");
    out_.append("# TYPE ").append(name).append(" ").append(type).append("\n");
  }
  // labels: already formatted, e.g. `phase="1"`; empty for none.
  void sample(std::string_view name, std::string_view labels, std::string_view value) {
    out_.append(name);
    if (!labels.empty()) out_.append("{").append(labels).append("}");
    out_.append(" ").append(value).append("\n");
  }
  void sample(std::string_view name, std::string_view labels, uint64_t value) {
    sample(name, labels, std::to_string(value));
  }
  // A family of one unlabelled sample.
  template <typename Value>
  void single(std::string_view name, std::string_view type, std::string_view help, Value value) {
    family(name, type, help);
    sample(name, "", value);
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

std::string phase_label(int p) {
  return "phase=\"" + std::to_string(p) + "\"";
}

void histograms(Writer& w, const Snapshot& s) {
  constexpr std::string_view kName = "rampart_phase_duration_seconds";
  w.family(kName, "histogram", "Time the rules took in each phase, per transaction that ran it.");
  for (int p = 1; p <= kPhases; ++p) {
    const Histogram& h = s.phase_latency[p];
    std::string phase = phase_label(p);
    uint64_t cumulative = 0;
    for (size_t b = 0; b < kBuckets; ++b) {
      cumulative += h.buckets[b];
      std::string le = b < kLatencyBoundsUs.size() ? seconds_text(kLatencyBoundsUs[b]) : "+Inf";
      w.sample("rampart_phase_duration_seconds_bucket", phase + ",le=\"" + le + "\"", cumulative);
    }
    w.sample("rampart_phase_duration_seconds_sum", phase, seconds_text(h.sum_us));
    w.sample("rampart_phase_duration_seconds_count", phase, h.count);
  }
}

void store(Writer& w, const StoreCounters& c) {
  w.single("rampart_collection_store_round_trips_total", "counter",
           "Commands sent to remote collection stores (Redis) and answered.", c.round_trips);
  w.single("rampart_collection_store_errors_total", "counter",
           "Failed round trips and connection attempts to remote collection stores.", c.errors);
  w.single("rampart_collection_store_timeouts_total", "counter",
           "Round trips and connection attempts to remote collection stores that timed out.",
           c.timeouts);
  w.single("rampart_collection_store_round_trip_seconds_total", "counter",
           "Time spent in answered round trips to remote collection stores.",
           seconds_text(c.latency_us));
}

// A family with no sample when the figure is unknown: a 0 would read as "empty".
void records(Writer& w, const std::optional<uint64_t>& n) {
  w.family("rampart_collection_store_records", "gauge",
           "Records in the local (LMDB) collection store, expired ones not yet removed included.");
  if (n) w.sample("rampart_collection_store_records", "", *n);
}

}  // namespace

std::string seconds_text(uint64_t us) {
  std::string whole = std::to_string(us / 1000000);
  std::string frac = std::to_string(us % 1000000);
  frac.insert(0, 6 - frac.size(), '0');
  while (!frac.empty() && frac.back() == '0') frac.pop_back();
  return frac.empty() ? whole : whole + "." + frac;
}

std::string render_prometheus(const Snapshot& s) {
  Writer w;
  w.single("rampart_transactions_total", "counter",
           "Transactions the rules ran on (SecRuleEngine On or DetectionOnly).", s.transactions);
  w.family("rampart_blocked_total", "counter",
           "Transactions denied, dropped or redirected, by the phase that decided it.");
  for (int p = 1; p <= 4; ++p) w.sample("rampart_blocked_total", phase_label(p), s.blocked[p]);
  w.family("rampart_rule_hits_total", "counter",
           "Transactions in which the rule (a chain starter) matched, by rule id.");
  for (const auto& [id, hits] : s.rule_hits)
    w.sample("rampart_rule_hits_total", "id=\"" + std::to_string(id) + "\"", hits);
  w.single("rampart_rule_hits_untracked_total", "counter",
           "Rule matches not counted by id: no numeric id, or the per-process id table was full.",
           s.rule_hits_untracked);
  histograms(w, s);
  w.single("rampart_request_body_errors_total", "counter",
           "Request bodies the body processor could not parse (REQBODY_ERROR).",
           s.request_body_errors);
  w.single("rampart_pcre_limit_transactions_total", "counter",
           "Transactions in which a regular expression hit the PCRE match or depth limit.",
           s.pcre_limit_transactions);
  store(w, s.store);
  records(w, s.store_records);
  w.single("rampart_processes", "gauge",
           "Per-process counter blocks holding counts (about the most processes at once).",
           static_cast<uint64_t>(s.processes));
  return w.take();
}

}  // namespace rampart::metrics
