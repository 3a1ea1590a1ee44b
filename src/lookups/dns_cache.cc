#include "lookups/dns_cache.h"

#include <algorithm>

namespace rampart::lookups {

namespace {

constexpr size_t kMaxEntries = 10000;

std::chrono::seconds lifetime(const DnsAnswer& a) {
  switch (a.status) {
    case DnsAnswer::Status::kFound:
    case DnsAnswer::Status::kNotFound:
      return std::chrono::seconds(std::clamp<uint32_t>(a.ttl, 1, 3600));
    default:
      return std::chrono::seconds(10);
  }
}

}  // namespace

void DnsCache::make_room(Clock::time_point now) {
  if (entries_.size() < kMaxEntries) return;
  std::erase_if(entries_, [&](const auto& e) { return e.second.expires <= now; });
  if (entries_.size() >= kMaxEntries) {
    // Still full of live names: start over, but keep the pending ones other threads wait on.
    std::erase_if(entries_,
                  [](const auto& e) { return e.second.expires != Clock::time_point::max(); });
  }
}

DnsAnswer DnsCache::get(const std::string& name, const std::function<DnsAnswer()>& ask,
                        std::chrono::milliseconds wait) {
  std::promise<DnsAnswer> promise;
  std::shared_future<DnsAnswer> pending;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    Clock::time_point now = Clock::now();
    auto it = entries_.find(name);
    if (it != entries_.end() && it->second.expires > now) {
      pending = it->second.answer;
    } else {
      if (it != entries_.end()) entries_.erase(it);
      make_room(now);
      entries_[name] = Entry{promise.get_future().share(), Clock::time_point::max()};
    }
  }
  if (pending.valid()) {
    if (pending.wait_for(wait) == std::future_status::ready) return pending.get();
    DnsAnswer late;
    late.status = DnsAnswer::Status::kTimeout;
    return late;
  }
  DnsAnswer answer = ask();
  promise.set_value(answer);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = entries_.find(name);
  if (it != entries_.end()) it->second.expires = Clock::now() + lifetime(answer);
  return answer;
}

size_t DnsCache::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.size();
}

}  // namespace rampart::lookups
