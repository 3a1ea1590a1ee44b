// A text made from a rule's fixed parts the first time a transaction needs it, then kept with
// the rule and shared by every thread: the fixed fields of the rule's alert line, escaped once
// instead of at every match. The first thread to finish publishes its text; a thread that made
// one at the same time drops its own. A copy starts empty: what is copied (a Rule that
// SecRuleUpdateActionById is about to change) may no longer give the same text.
#pragma once

#include <atomic>
#include <string>

namespace rampart {

class LazyText {
 public:
  LazyText() = default;
  LazyText(const LazyText&) {}
  LazyText& operator=(const LazyText&) {
    delete text_.exchange(nullptr, std::memory_order_acq_rel);
    return *this;
  }
  ~LazyText() { delete text_.load(std::memory_order_relaxed); }

  // The kept text, or make()'s, which is then kept. `make` must give the same text each time.
  template <class Make>
  const std::string& get(Make make) const {
    if (const std::string* text = text_.load(std::memory_order_acquire)) return *text;
    auto* made = new std::string(make());
    const std::string* expected = nullptr;
    if (text_.compare_exchange_strong(expected, made, std::memory_order_acq_rel)) return *made;
    delete made;  // another thread kept its own first
    return *expected;
  }

 private:
  mutable std::atomic<const std::string*> text_{nullptr};
};

}  // namespace rampart
