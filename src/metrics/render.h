// A Snapshot as text for the status handler: Prometheus' text exposition format (version 0.0.4)
// and JSON. Both name the same figures; docs/reference/status.md says what each means.
#pragma once

#include <string>

#include "metrics/snapshot.h"

namespace rampart::metrics {

// Metric names start with rampart_; durations are in seconds, as Prometheus' conventions want.
std::string render_prometheus(const Snapshot& s);
// One JSON object; durations in microseconds, as the engine measures them.
std::string render_json(const Snapshot& s);

// Microseconds as an exact decimal number of seconds: 50 -> "0.00005", 2500000 -> "2.5".
std::string seconds_text(uint64_t us);

}  // namespace rampart::metrics
