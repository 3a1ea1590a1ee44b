#include "timeline.h"

namespace rampart::logtool {
namespace {

constexpr std::int64_t kWidths[] = {60, 300, 900, 3600, 21600, 86400, 604800};

std::int64_t floor_to(std::int64_t secs, std::int64_t width) {
  std::int64_t r = secs % width;
  return r < 0 ? secs - r - width : secs - r;
}

}  // namespace

Timeline::Timeline(std::int64_t width_s) : width_s_(width_s) {}

void Timeline::add(std::int64_t utc_us, bool blocked) {
  std::int64_t secs = utc_us >= 0 ? utc_us / 1000000 : (utc_us - 999999) / 1000000;
  Counts& c = buckets_[floor_to(secs, width_s_)];
  ++(blocked ? c.blocked : c.passed);
  while (buckets_.size() > kMaxBuckets && width_s_ < kWidths[std::size(kWidths) - 1]) widen();
}

void Timeline::widen() {
  for (std::int64_t w : kWidths)
    if (w > width_s_) {
      width_s_ = w;
      break;
    }
  std::map<std::int64_t, Counts> merged;
  for (const auto& [start, c] : buckets_) {
    Counts& m = merged[floor_to(start, width_s_)];
    m.blocked += c.blocked;
    m.passed += c.passed;
  }
  buckets_.swap(merged);
}

std::string Timeline::width_name() const {
  if (width_s_ % 604800 == 0) return std::to_string(width_s_ / 604800) + " week";
  if (width_s_ % 86400 == 0) return std::to_string(width_s_ / 86400) + " day";
  if (width_s_ % 3600 == 0) return std::to_string(width_s_ / 3600) + " h";
  return std::to_string(width_s_ / 60) + " min";
}

}  // namespace rampart::logtool
