// MATCHED_VARS and MATCHED_VARS_NAMES: the (name, value) pairs a rule has matched so far. The
// list is emptied before each rule; clear() keeps the strings and their capacity, so that a rule
// set matching dozens of times per request (CRS's paranoia-level checks, each naming
// "TX:DETECTION_PARANOIA_LEVEL") allocates for its pairs once per transaction, not per match.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rampart {

class MatchedVars {
 public:
  using Pair = std::pair<std::string, std::string>;  // name, value

  void clear() { size_ = 0; }
  void add(std::string_view name, std::string_view value) {
    if (size_ == pairs_.size()) pairs_.emplace_back();
    pairs_[size_].first.assign(name);
    pairs_[size_].second.assign(value);
    ++size_;
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::vector<Pair>::const_iterator begin() const { return pairs_.begin(); }
  std::vector<Pair>::const_iterator end() const {
    return pairs_.begin() + static_cast<std::ptrdiff_t>(size_);
  }

 private:
  std::vector<Pair> pairs_;  // [0, size_) are in use; the rest keep their capacity
  size_t size_ = 0;
};

}  // namespace rampart
