#include "collections/store.h"

#include <vector>

#include "collections/merge.h"
#include "collections/record.h"
#include "engine/collection.h"

namespace rampart::collections {

namespace {

// Records bigger than this are not written (design principle: every unit of work is bounded).
constexpr size_t kMaxRecordBytes = 64 * 1024;

}  // namespace

int collection_kind_index(std::string_view name) {
  for (size_t i = 0; i < kCollectionKinds.size(); ++i)
    if (iequals(kCollectionKinds[i], name)) return static_cast<int>(i);
  return -1;
}

WriteResult Store::apply(std::span<const RecordChange> changes, int64_t now,
                         int64_t default_timeout) {
  std::vector<Update> updates;
  updates.reserve(changes.size());
  for (const RecordChange& c : changes) {
    updates.push_back(Update{
        std::string(c.key),
        [c, now,
         default_timeout](std::optional<std::string_view> current) -> std::optional<std::string> {
          std::optional<Record> stored;
          if (current) stored = decode(*current);
          std::string bytes =
              encode(merge(std::move(stored), *c.ours, *c.changes, now, default_timeout));
          if (bytes.size() > kMaxRecordBytes) return std::nullopt;
          return bytes;
        }});
  }
  return update(updates, now);
}

}  // namespace rampart::collections
