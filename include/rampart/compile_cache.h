// Compiled regular expressions and phrase automata kept from one configuration load to the next.
// httpd reads its configuration twice at startup, and once more on every graceful restart; when
// those loads share a cache (Config::use_compile_cache), a pattern or phrase list the previous
// load compiled is reused instead of compiled again. Entries are keyed by their whole text, so a
// changed rule or data file compiles anew, and finish_load() drops what the load that just ended
// did not use, so removed rules do not stay in memory.
//
// Not thread-safe: loads run one after the other (httpd reads its configuration in one thread).
// Compiled entries are immutable and may be shared by the Configs of several loads at once.
#pragma once

#include <cstddef>
#include <memory>

namespace rampart {

class CompileCache {
 public:
  CompileCache();
  ~CompileCache();
  CompileCache(const CompileCache&) = delete;
  CompileCache& operator=(const CompileCache&) = delete;

  void begin_load();   // a load starts: what it uses survives its finish_load()
  void finish_load();  // drops every entry the load did not use
  size_t size() const;
  size_t reused() const;  // lookups answered from the cache so far (tests, the startup log)

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace rampart
