// Shared declarations of the Apache connector. Only apache/ sees httpd and APR headers; the
// engine behind rampart/transaction.h knows nothing of them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// httpd.h first: the other httpd headers use its types without including it.
#include "httpd.h"
// clang-format off
#include "apr_buckets.h"
#include "apr_pools.h"
#include "http_config.h"
#include "http_log.h"
#include "util_filter.h"
// clang-format on
#include <cstddef>

// APR defines APR_OFFSETOF, which its ring macros (APR_BRIGADE_SENTINEL, APR_BRIGADE_INSERT_TAIL,
// ...) expand to, through a member access on a null pointer when compiled as C++. That is
// undefined behaviour, and the sanitizer build stops on it; offsetof is the defined way.
#undef APR_OFFSETOF
#define APR_OFFSETOF(s_type, field) offsetof(s_type, field)

#include "rampart/config.h"
#include "rampart/transaction.h"

// Tags every ap_log_* line of the file that includes this header as [rampart:…]; C++ modules
// must declare this before the first APLOG_MARK (http_log.h).
extern "C" {
APLOG_USE_MODULE(rampart);
}

namespace rampart::apache {

// LogSink writing the engine's lines to httpd's error log for one request (log_sink.cc).
class ErrorLogSink : public LogSink {
 public:
  explicit ErrorLogSink(request_rec* r) : r_(r) {}
  void alert(std::string_view line) override;
  void debug(int level, std::string_view message) override;

 private:
  request_rec* r_;
};

// Where the response phases stand; one per transaction, shared by every filter instance because
// httpd may rebuild the filter chain (error responses, ErrorDocument redirects).
struct ResponseState {
  bool started = false;     // phase 3 ran
  bool done = false;        // phase 4 ran (or was given up); later brigades pass untouched
  bool buffering = false;   // holding the body back for phase 4
  bool passed_any = false;  // some of the body already left: a deny can no longer replace it
  bool denied = false;
  bool prepended = false;              // SecContentInjection's prepend text went out
  bool appended = false;               // … and the append text
  bool length_dropped = false;         // Content-Length removed because the body changes size
  ap_filter_t* owner = nullptr;        // the filter instance that runs the phases
  apr_bucket_brigade* held = nullptr;  // buffered response, in r->pool
};

// The request body as read in phase 2 and replayed to the handler: its first
// SecRequestBodyInMemoryLimit bytes in r->pool, the rest in a temporary file under SecTmpDir
// (mode 0600, deleted when r->pool is cleaned up).
struct RequestBody {
  std::vector<std::string_view> chunks;  // the in-memory part, in order
  size_t in_memory = 0;                  // bytes in chunks
  apr_file_t* spill = nullptr;           // the part after it
  apr_off_t spill_size = 0;
  size_t chunk = 0;  // replay cursor: chunk index and offset inside it, then offset in the file
  size_t offset = 0;
  apr_off_t spill_offset = 0;
  bool complete = false;  // EOS was read; otherwise the rest is still in the connection
  bool no_spill = false;  // the spill file could not be made: all in memory (DetectionOnly)
  bool kept() const { return !chunks.empty() || spill_size > 0 || complete; }
};

// Everything Rampart keeps for one request, attached to the original request_rec.
struct RequestState {
  RequestState(request_rec* r, const Config& config) : log(r), tx(config, log) {}
  ErrorLogSink log;  // declared before tx: the transaction logs through it until destroyed
  Transaction tx;
  RequestBody body;
  ResponseState response;
  bool logged = false;
  bool counted = false;  // status.cc: added to this process's metrics
  // audit_log.cc: the error-log lines of this request (part H Apache-Error:) and the error page
  // httpd sent after a deny (part E), both in r->pool.
  std::vector<std::string_view> apache_errors;
  std::string error_page;
};

// ---- module.cc ----
// False when no context of this configuration turns SecRuleEngine on (or DetectionOnly): then
// requests skip Rampart entirely. Written once per configuration pass, before children start.
extern bool engine_configured;
// The merged per-directory Config in effect for r, or null when none could be made.
const Config* dir_config(request_rec* r);

// ---- directives.cc ----
// The NUL-terminated directive table for the module record (built once, at dlopen).
const command_rec* build_command_table();

// ---- hooks.cc ----
void register_phase_hooks();
// The state of the original request, found from a subrequest or internal redirect too.
RequestState* find_state(request_rec* r);
// Carries out a disruptive intervention; returns the hook's result (`pass` when nothing to do).
int act(request_rec* r, const Intervention& intervention, int pass);
// Closes the client connection at once (the `drop` action).
void drop_connection(request_rec* r);
// True when the engine blocks (SecRuleEngine On): only then does an internal error fail closed.
bool enforcing(const Settings& settings);
// Logs an internal error once and returns 500 when enforcing, else `pass`.
int internal_error(request_rec* r, const Settings* settings, const char* where, const char* what,
                   int pass);

// ---- filters.cc ----
void register_filters();
extern ap_filter_rec_t* body_replay_filter;  // RAMPART_BODY, registered once at startup
extern ap_filter_rec_t* response_filter;     // RAMPART_RESPONSE

// ---- request_body.cc ----
// Reads the whole request body for phase 2 and arranges its replay; returns OK or an HTTP status.
int read_request_body(request_rec* r, RequestState& st);
// After phase 2: when @rsub rewrote STREAM_INPUT_BODY, the handler gets that body instead.
void replace_request_body(request_rec* r, RequestState& st);
// Puts the replay filter in r's input chain unless it is there already.
void add_body_replay(request_rec* r, RequestState& st);
// The RAMPART_BODY input filter: hands the kept body to the handler.
apr_status_t replay_body(ap_filter_t* f, apr_bucket_brigade* bb, ap_input_mode_t mode,
                         apr_read_type_e block, apr_off_t readbytes);

// ---- response_filter.cc ----
// The RAMPART_RESPONSE output filter: phases 3 and 4.
apr_status_t response_phases(ap_filter_t* f, apr_bucket_brigade* bb);

// ---- backend_compression.cc ----
void register_backend_compression_hooks();  // SecDisableBackendCompression
// Gives the response's request back the Accept-Encoding and TE hidden from the handler.
void restore_compression_headers(request_rec* r);

// ---- collections.cc ----
void register_collection_hooks();  // child_init opens one CollectionStore per store setup
// This child's store for the transaction's SecDataDir and SecCollectionStore setup; null when
// none is set or it failed to open.
CollectionStore* collection_store(const Settings& settings);

// The collection stores' metrics of this child, summed (all zero before child_init).
CollectionStoreMetrics collection_store_metrics();
// Records in the local (LMDB) stores now; nothing when no store can tell (none, or Redis only).
std::optional<uint64_t> collection_store_records();

// ---- status.cc ----
void register_status_hooks();  // `SetHandler rampart-status` and the per-process counters
void register_memory_hooks();  // glibc's malloc thresholds fixed in each child (memory.cc)

// ---- audit_log.cc ----
void register_audit_hooks();  // error_log (Apache-Error:) and the error page capture
// After phase 5: the audit log entry (SecAuditEngine), with the final response.
void write_audit_log(request_rec* r, RequestState& st);

// ---- request_adapter.cc ----
void describe_request(request_rec* r, Transaction& tx);      // phase 1 data
void describe_env(request_rec* r, Transaction& tx);          // ENV before phase 2
void describe_server_path(request_rec* r, Transaction& tx);  // decoded path, phases 2 and 5
void describe_response(request_rec* r, Transaction& tx);     // status and headers before phase 3
// ---- conn_limits.cc ----
void register_conn_limit_hooks();  // SecConnEngine: per-client connection-state limits
// ---- server_signature.cc ----
void register_server_signature_hook();  // SecServerSignature: the Server header's text
// ---- server_vars.cc ----
void describe_server(request_rec* r, Transaction& tx);  // AUTH_TYPE, SCRIPT_* … before phase 2
// The transaction ends in r->pool's pre-cleanup, and what httpd keeps for a request (its tables'
// strings included, by APR's contract) lives in that pool or a longer one: a view is enough.
// Only what httpd may later rewrite in place (the path and URI, decoded after phase 1;
// r->filename and r->path_info) and a bucket's bytes need a copy in r's pool.
std::string_view view_of(const char* s);  // empty for nullptr
std::string_view pool_copy(apr_pool_t* p, const char* s);
std::string_view pool_copy(apr_pool_t* p, const char* s, size_t n);

}  // namespace rampart::apache
