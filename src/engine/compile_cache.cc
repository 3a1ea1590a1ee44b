#include "engine/compile_cache.h"

namespace rampart {

CompileCache::CompileCache() : impl_(std::make_unique<Impl>()) {}
CompileCache::~CompileCache() = default;

void CompileCache::begin_load() {
  ++impl_->load;
}

void CompileCache::finish_load() {
  std::erase_if(impl_->entries, [&](const auto& kv) { return kv.second.load != impl_->load; });
}

size_t CompileCache::size() const {
  return impl_->entries.size();
}

size_t CompileCache::reused() const {
  return impl_->reused;
}

}  // namespace rampart
