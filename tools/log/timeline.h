// Blocked and passed transactions per time bucket. At most kMaxBuckets buckets are kept: when a
// log spans more, the bucket width steps up (1 min, 5 min, 15 min, 1 h, 6 h, 1 day, 1 week) and
// the counts are merged, so memory stays fixed for any time range.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace rampart::logtool {

inline constexpr std::size_t kMaxBuckets = 1500;

class Timeline {
 public:
  struct Counts {
    std::uint64_t blocked = 0, passed = 0;
  };
  // width_s: the smallest width to use (60 for --bucket minute, 3600 for hour).
  explicit Timeline(std::int64_t width_s = 60);
  void add(std::int64_t utc_us, bool blocked);
  std::int64_t width_s() const { return width_s_; }
  // Bucket start (UTC seconds) -> counts, in time order.
  const std::map<std::int64_t, Counts>& buckets() const { return buckets_; }
  // "1 min", "1 h", ...
  std::string width_name() const;

 private:
  void widen();
  std::int64_t width_s_;
  std::map<std::int64_t, Counts> buckets_;
};

}  // namespace rampart::logtool
