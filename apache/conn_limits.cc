// SecConnEngine's per-client connection-state limits (slowloris protection), as ModSecurity v2
// does them: when a connection arrives, count the scoreboard's workers that serve the same
// client address and are reading a request (SERVER_BUSY_READ) or answering one
// (SERVER_BUSY_WRITE); past SecConnReadStateLimit or SecConnWriteStateLimit the connection is
// logged and, with SecConnEngine On, closed before a byte is read. The scoreboard is shared by
// all children, so the count covers the whole server without any state of our own. The limits
// are the main server's (or the vhost owning the listening address): no request, so no
// <Location>, exists yet. Like mod_status, this needs ExtendedStatus, which is turned on.
#include <cstring>

#include "ap_mpm.h"
#include "glue.h"
#include "http_connection.h"
#include "scoreboard.h"

extern "C" module AP_MODULE_DECLARE_DATA rampart_module;

namespace rampart::apache {

namespace {

struct StateCounts {
  long reading = 0, writing = 0;
};

StateCounts count_states(const char* client_ip) {
  StateCounts n;
  int daemons = 0, threads = 0;
  ap_mpm_query(AP_MPMQ_HARD_LIMIT_DAEMONS, &daemons);
  ap_mpm_query(AP_MPMQ_HARD_LIMIT_THREADS, &threads);
  for (int i = 0; i < daemons; ++i) {
    for (int j = 0; j < threads; ++j) {
      worker_score* ws = ap_get_scoreboard_worker_from_indexes(i, j);
      if (ws == nullptr || std::strcmp(ws->client64, client_ip) != 0) continue;
      if (ws->status == SERVER_BUSY_READ) ++n.reading;
      if (ws->status == SERVER_BUSY_WRITE) ++n.writing;
    }
  }
  return n;
}

// v2's line, so existing log watchers (fail2ban filters) keep working.
void log_limit(conn_rec* c, long count, long limit, const char* state, bool rejected) {
  ap_log_cerror(APLOG_MARK, APLOG_WARNING, 0, c,
                "ModSecurity: %sToo many threads [%ld] of %ld allowed in %s state from %s - "
                "Possible DoS Consumption Attack [%s]",
                rejected ? "Access denied with code 400. " : "Warning. ", count, limit, state,
                c->client_ip, rejected ? "Rejected" : "Detected");
}

int limit_connection(conn_rec* c) {
  if (c->base_server == nullptr || c->client_ip == nullptr || !ap_exists_scoreboard_image())
    return DECLINED;
  const auto* config = static_cast<const Config*>(
      ap_get_module_config(c->base_server->lookup_defaults, &rampart_module));
  if (config == nullptr) return DECLINED;
  const Settings& s = config->settings();
  EngineMode mode = s.conn_engine_mode();
  if (mode == EngineMode::kOff) return DECLINED;
  long read_limit = s.conn_state_limit(false, c->client_ip);
  long write_limit = s.conn_state_limit(true, c->client_ip);
  if (read_limit == 0 && write_limit == 0) return DECLINED;
  // Mark this worker as reading for this client first (httpd's own connection handler does the
  // same a moment later): otherwise whether the connection counts itself depends on how far the
  // MPM got, and two connections arriving together may each miss the other.
  if (c->sbh != nullptr)
    ap_update_child_status_from_conn(static_cast<ap_sb_handle_t*>(c->sbh), SERVER_BUSY_READ, c);
  StateCounts n = count_states(c->client_ip);
  bool reject = mode == EngineMode::kOn;
  bool over = false;
  if (read_limit > 0 && n.reading > read_limit) {
    log_limit(c, n.reading, read_limit, "READ", reject);
    over = true;
  } else if (write_limit > 0 && n.writing > write_limit) {
    log_limit(c, n.writing, write_limit, "WRITE", reject);
    over = true;
  }
  if (!over || !reject) return DECLINED;
  // Handled: nothing is read; the MPM closes the connection.
  c->aborted = 1;
  c->keepalive = AP_CONN_CLOSE;
  if (c->cs != nullptr) c->cs->state = CONN_STATE_LINGER;
  return OK;
}

// httpd writes a worker's client address into the scoreboard only with ExtendedStatus (which
// mod_status turns on); the limits need it, so it is turned on when a server uses them.
int need_client_addresses(apr_pool_t*, apr_pool_t*, apr_pool_t*, server_rec* main) {
  for (server_rec* s = main; s != nullptr; s = s->next) {
    const auto* config =
        static_cast<const Config*>(ap_get_module_config(s->lookup_defaults, &rampart_module));
    if (config != nullptr && config->settings().conn_engine_mode() != EngineMode::kOff &&
        (config->settings().conn_read_limit || config->settings().conn_write_limit)) {
      ap_extended_status = 1;
      break;
    }
  }
  return OK;
}

}  // namespace

void register_conn_limit_hooks() {
  ap_hook_post_config(need_client_addresses, nullptr, nullptr, APR_HOOK_MIDDLE);
  ap_hook_process_connection(limit_connection, nullptr, nullptr, APR_HOOK_REALLY_FIRST);
}

}  // namespace rampart::apache
