// A Store in a std::map behind one mutex: for unit tests and benchmarks, and for running rules
// without SecDataDir where a test wants persistence inside one process.
#pragma once

#include <map>
#include <mutex>

#include "collections/store.h"

namespace rampart::collections {

class MemoryStore final : public Store {
 public:
  std::optional<std::string> get(std::string_view key) override;
  WriteResult update(std::span<const Update> updates, int64_t now) override;
  void scan(std::string_view prefix,
            const std::function<bool(std::string_view, std::string_view)>& visit) override;
  bool erase(std::string_view key) override;
  size_t collect_garbage(size_t max_records, int64_t now) override;
  std::optional<uint64_t> record_count() override { return size(); }

  size_t size();
  size_t write_count();  // update() calls that wrote something, for tests

 private:
  size_t gc_locked(size_t max_records, int64_t now);
  std::mutex mu_;
  std::map<std::string, std::string, std::less<>> records_;
  std::string gc_next_;
  size_t writes_ = 0;
};

}  // namespace rampart::collections
