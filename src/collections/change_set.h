// What one transaction did to one persistent collection, so the write-back can merge it with
// what other processes and threads wrote meanwhile: a variable is either set to this
// transaction's value, changed by a delta (setvar =+/=-, deprecatevar), or deleted.
//
//   setvar:ip.n=+1, setvar:ip.n=+2   ->  delta +3 (added to whatever is stored at write time)
//   setvar:ip.n=5,  setvar:ip.n=+1   ->  set (6, the transaction's value)
//   setvar:!ip.n,   setvar:ip.n=+1   ->  set (1)
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rampart::collections {

class ChangeSet {
 public:
  enum class Kind { kSet, kDelta, kErase };
  struct Change {
    std::string name;
    Kind kind;
    long long delta = 0;  // kDelta only
  };

  void set(std::string_view name);
  void add(std::string_view name, long long delta);
  void erase(std::string_view name);

  bool empty() const { return changes_.empty(); }
  const std::vector<Change>& changes() const { return changes_; }

 private:
  Change* find(std::string_view name);
  std::vector<Change> changes_;  // one per name (case-insensitive), in first-change order
};

}  // namespace rampart::collections
