// Live metrics (`SetHandler rampart-status`): one counter block per server process in a shared
// memory segment, written by that process's request threads at the end of each transaction
// (lock-free, src/metrics/record.h) and added up by whichever process serves the status request.
// Who may read it is decided by httpd's own `Require` lines on the <Location>.
//
// The segment is made once per parent process (kept in the process pool across graceful
// restarts, so counts survive them; a full stop and start resets them) with one slot per
// possible child (AP_MPMQ_HARD_LIMIT_DAEMONS) plus spares for children that exited but were
// not reaped yet. A child takes a free slot in child_init and frees it at exit; a slot whose
// owner died without freeing it (a crash) is taken over. Counters are never reset: a new owner
// adds to what the old one counted, so every total only grows.
#include <signal.h>
#include <strings.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <string>

#include "ap_mpm.h"
#include "apr_shm.h"
#include "glue.h"
#include "http_protocol.h"
#include "http_request.h"
#include "metrics/record.h"
#include "metrics/render.h"
#include "metrics/snapshot.h"

namespace rampart::apache {
namespace {

constexpr const char* kHandler = "rampart-status";
constexpr const char* kShmKey = "rampart:status-shm";  // userdata of the process pool
constexpr size_t kSpareSlots = 8;

struct Slot {
  uint64_t owner;  // pid of the process writing this block; 0: free
  metrics::Counters counters;
};

// This process's view: the segment, an array of slots (the parent's mapping, inherited by every
// child) and, in a child, its own slot. Set in post_config and child_init, before any request
// thread exists.
Slot* slots = nullptr;
size_t slot_count = 0;
Slot* own_slot = nullptr;
metrics::StoreWatermark store_seen;  // what this process has added from its stores so far

apr_status_t create_segment(apr_pool_t* pool, size_t size, apr_shm_t** shm) {
  apr_status_t rv = apr_shm_create(shm, size, nullptr, pool);
  if (rv != APR_ENOTIMPL) return rv;
  // No anonymous shared memory on this platform: a file under the runtime directory.
  const char* name = ap_runtime_dir_relative(pool, "rampart-status.shm");
  apr_shm_remove(name, pool);
  return apr_shm_create(shm, size, name, pool);
}

int post_config(apr_pool_t* /*pconf*/, apr_pool_t* /*plog*/, apr_pool_t* /*ptemp*/, server_rec* s) {
  apr_pool_t* process_pool = s->process->pool;
  void* data = nullptr;
  apr_pool_userdata_get(&data, kShmKey, process_pool);
  if (data == nullptr) {
    int daemons = 0;
    ap_mpm_query(AP_MPMQ_HARD_LIMIT_DAEMONS, &daemons);
    size_t size = (static_cast<size_t>(std::max(daemons, 1)) + kSpareSlots) * sizeof(Slot);
    apr_shm_t* shm = nullptr;
    apr_status_t rv = create_segment(process_pool, size, &shm);
    if (rv != APR_SUCCESS) {
      ap_log_error(APLOG_MARK, APLOG_ERR, rv, s,
                   "rampart: cannot create the shared memory for rampart-status (%zu bytes); "
                   "the handler answers 503",
                   size);
      return OK;
    }
    std::memset(apr_shm_baseaddr_get(shm), 0, size);  // all-zero slots: free, nothing counted
    apr_pool_userdata_set(shm, kShmKey, apr_pool_cleanup_null, process_pool);
    data = shm;
  }
  auto* shm = static_cast<apr_shm_t*>(data);
  slots = static_cast<Slot*>(apr_shm_baseaddr_get(shm));
  slot_count = apr_shm_size_get(shm) / sizeof(Slot);
  return OK;
}

// kill(pid, 0) fails with ESRCH only when no such process exists; EPERM means it does.
bool dead(uint64_t pid) {
  return kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

apr_status_t release_slot(void* p) {
  auto* slot = static_cast<Slot*>(p);
  uint64_t me = static_cast<uint64_t>(getpid());
  std::atomic_ref<uint64_t>(slot->owner).compare_exchange_strong(me, 0);
  own_slot = nullptr;
  return APR_SUCCESS;
}

void child_init(apr_pool_t* pchild, server_rec* s) {
  if (slots == nullptr) return;
  uint64_t me = static_cast<uint64_t>(getpid());
  for (size_t i = 0; i < slot_count; ++i) {
    Slot& slot = slots[i];
    std::atomic_ref<uint64_t> owner(slot.owner);
    uint64_t current = owner.load();
    if ((current == 0 || dead(current)) && owner.compare_exchange_strong(current, me)) {
      own_slot = &slot;
      apr_pool_cleanup_register(pchild, &slot, release_slot, apr_pool_cleanup_null);
      return;
    }
  }
  ap_log_error(APLOG_MARK, APLOG_WARNING, 0, s,
               "rampart: no free rampart-status slot for process %lu; its transactions are not "
               "counted",
               static_cast<unsigned long>(me));
}

// After Rampart's phase 5 (hooks.cc, APR_HOOK_MIDDLE), so its time and matches are in.
int count_transaction(request_rec* r) {
  if (own_slot == nullptr) return DECLINED;
  RequestState* st = find_state(r);
  if (st == nullptr || st->counted) return DECLINED;
  st->counted = true;
  try {
    metrics::record_transaction(own_slot->counters, st->tx.state());
    metrics::record_store(own_slot->counters, store_seen, collection_store_metrics());
  } catch (const std::exception& e) {
    ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r, "rampart: cannot count the transaction: %s",
                  e.what());
  }
  return DECLINED;
}

enum class Format { kJson, kPrometheus, kUnknown };

// `?format=json` or `?format=prometheus` decides. Without it, an Accept header naming
// application/json gets JSON, one naming text/plain or OpenMetrics (what Prometheus sends)
// gets the Prometheus text format, and anything else (a browser, curl) gets JSON.
Format choose_format(request_rec* r) {
  if (r->args != nullptr) {
    for (const char* p = r->args; p != nullptr && *p != '\0';) {
      const char* end = std::strchr(p, '&');
      size_t n = end ? static_cast<size_t>(end - p) : std::strlen(p);
      std::string_view arg(p, n);
      if (arg == "format=json") return Format::kJson;
      if (arg == "format=prometheus") return Format::kPrometheus;
      if (arg.substr(0, 7) == "format=") return Format::kUnknown;
      p = end ? end + 1 : nullptr;
    }
  }
  const char* accept = apr_table_get(r->headers_in, "Accept");
  if (accept == nullptr) return Format::kJson;
  if (strcasestr(accept, "application/json")) return Format::kJson;
  if (strcasestr(accept, "text/plain") || strcasestr(accept, "application/openmetrics-text"))
    return Format::kPrometheus;
  return Format::kJson;
}

int status_handler(request_rec* r) {
  if (r->handler == nullptr || std::strcmp(r->handler, kHandler) != 0) return DECLINED;
  ap_allow_methods(r, REPLACE_ALLOW, "GET", nullptr);             // the Allow header of a 405
  if (r->method_number != M_GET) return HTTP_METHOD_NOT_ALLOWED;  // HEAD is M_GET too
  Format format = choose_format(r);
  if (format == Format::kUnknown) {
    ap_set_content_type(r, "text/plain; charset=utf-8");
    ap_rputs("format must be json or prometheus\n", r);
    r->status = HTTP_BAD_REQUEST;
    return OK;
  }
  if (slots == nullptr) return HTTP_SERVICE_UNAVAILABLE;  // logged at startup
  apr_table_setn(r->headers_out, "Cache-Control", "no-store");
  apr_table_mergen(r->headers_out, "Vary", "Accept");
  try {
    metrics::Snapshot total;
    for (size_t i = 0; i < slot_count; ++i) metrics::add(total, slots[i].counters);
    total.store_records = collection_store_records();
    std::string body;
    if (format == Format::kPrometheus) {
      ap_set_content_type(r, "text/plain; version=0.0.4; charset=utf-8");
      body = metrics::render_prometheus(total);
    } else {
      ap_set_content_type(r, "application/json");
      body = metrics::render_json(total);
    }
    if (!r->header_only) ap_rwrite(body.data(), static_cast<int>(body.size()), r);
  } catch (const std::exception& e) {
    ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r, "rampart: status handler failed: %s", e.what());
    return HTTP_INTERNAL_SERVER_ERROR;
  }
  return OK;
}

}  // namespace

void register_status_hooks() {
  ap_hook_post_config(post_config, nullptr, nullptr, APR_HOOK_MIDDLE);
  ap_hook_child_init(child_init, nullptr, nullptr, APR_HOOK_MIDDLE);
  ap_hook_log_transaction(count_transaction, nullptr, nullptr, APR_HOOK_LAST);
  ap_hook_handler(status_handler, nullptr, nullptr, APR_HOOK_MIDDLE);
}

}  // namespace rampart::apache
