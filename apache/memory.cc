// Returning request memory to the system. glibc raises its mmap threshold each time a large
// block is freed, so after a few 1 MB request bodies every later body buffer comes from a
// thread's heap arena, and an arena gives back only what lies at its top: each arena keeps its
// peak. Fixing the thresholds in each child makes large buffers plain mmap()s, unmapped when
// freed: after 160 1 MB JSON bodies from 16 clients a child grew by about 40 MiB with glibc
// alone and by 15 MiB with this (tests/integration/test_memory_release.py, docs/performance.md).
// A site that set glibc's own variables keeps them.
#include <cstdlib>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "glue.h"

namespace rampart::apache {

namespace {

constexpr int kThresholdBytes = 128 * 1024;  // glibc's starting value, kept from growing

void child_init(apr_pool_t* /*pchild*/, server_rec* /*s*/) {
#if defined(__GLIBC__)
  if (!engine_configured) return;
  if (getenv("MALLOC_MMAP_THRESHOLD_") == nullptr && getenv("GLIBC_TUNABLES") == nullptr) {
    mallopt(M_MMAP_THRESHOLD, kThresholdBytes);
  }
  if (getenv("MALLOC_TRIM_THRESHOLD_") == nullptr && getenv("GLIBC_TUNABLES") == nullptr) {
    mallopt(M_TRIM_THRESHOLD, kThresholdBytes);
  }
#endif
}

}  // namespace

void register_memory_hooks() {
  ap_hook_child_init(child_init, nullptr, nullptr, APR_HOOK_MIDDLE);
}

}  // namespace rampart::apache
