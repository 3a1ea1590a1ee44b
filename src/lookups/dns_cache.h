// @rbl's answer cache: one per @rbl rule, shared by the threads of a process. A burst of requests
// from one address asks the DNS server once: the first asks, the others wait for its answer.
// Answers live for their DNS TTL (at most an hour), "not listed" for five minutes, and a timeout
// or error for ten seconds, so a dead server costs one timeout per name per ten seconds instead of
// one per request. Bounded: at most 10000 names; when full, expired names go, then everything.
#pragma once

#include <chrono>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <unordered_map>

#include "lookups/dns.h"

namespace rampart::lookups {

class DnsCache {
 public:
  // The cached answer for `name`, or ask() once for it. Waits at most `wait` for another
  // thread's pending answer (then reports a timeout).
  DnsAnswer get(const std::string& name, const std::function<DnsAnswer()>& ask,
                std::chrono::milliseconds wait);
  size_t size() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Entry {
    std::shared_future<DnsAnswer> answer;
    Clock::time_point expires = Clock::time_point::max();  // max while pending
  };
  void make_room(Clock::time_point now);

  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace rampart::lookups
