// The --summary numbers: totals, top rules, top client IPs, top URIs (path without the query
// string, so /search?q=… counts as one) and the blocked/passed timeline. Memory is bounded:
// each top list is a TopK of kTopKCapacity keys, the timeline at most kMaxBuckets buckets.
#pragma once

#include <cstdint>
#include <string>

#include "entry.h"
#include "timeline.h"
#include "top_k.h"

namespace rampart::logtool {

struct Summary {
  explicit Summary(std::int64_t bucket_width_s = 60) : timeline(bucket_width_s) {}
  void add(const Entry& e);

  std::uint64_t total = 0, blocked = 0;
  std::int64_t first_us = 0, last_us = 0;
  int utc_offset_min = 0;  // of the first entry: times are shown in the server's zone
  TopK rules, ips, uris;
  Timeline timeline;
};

// Plain-text tables for a terminal; `top` rows per list.
std::string summary_text(const Summary& s, std::size_t top);
// One JSON object.
std::string summary_json(const Summary& s, std::size_t top);

// The path part of a request URI: "/a/b?x=1" -> "/a/b".
std::string uri_path(const std::string& uri);

}  // namespace rampart::logtool
