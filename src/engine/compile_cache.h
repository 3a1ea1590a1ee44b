// The engine's side of CompileCache (include/rampart/compile_cache.h): a map from a kind and a
// text ("rx" and a pattern, "pm" and a phrase list) to what was compiled from them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "rampart/compile_cache.h"

namespace rampart {

struct CompileCache::Impl {
  struct Entry {
    std::shared_ptr<const void> value;  // a T of the entry's kind
    uint64_t load = 0;                  // the last load that used it
  };
  std::unordered_map<std::string, Entry> entries;
  uint64_t load = 0;
  size_t reused = 0;

  // What `kind` compiled from `text`, compiled by make() when not cached yet. Each kind stores
  // one type T. make() returns nullptr on failure (a config error), which is not cached.
  template <class T, class Make>
  std::shared_ptr<const T> get(std::string_view kind, std::string_view text, Make&& make) {
    std::string key;
    key.reserve(kind.size() + 1 + text.size());
    key.append(kind).push_back('\0');
    key.append(text);
    auto it = entries.find(key);
    if (it != entries.end()) {
      it->second.load = load;
      ++reused;
      return std::static_pointer_cast<const T>(it->second.value);
    }
    std::shared_ptr<const T> made = make();
    if (made != nullptr) entries.emplace(std::move(key), Entry{made, load});
    return made;
  }
};

// `cache` may be null (rampart lint, tests): make() then always runs.
template <class T, class Make>
std::shared_ptr<const T> compile_cached(CompileCache* cache, std::string_view kind,
                                        std::string_view text, Make&& make) {
  if (cache == nullptr) return make();
  return cache->impl().get<T>(kind, text, std::forward<Make>(make));
}

}  // namespace rampart
