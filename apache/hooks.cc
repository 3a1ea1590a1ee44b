// The request phases: 1 in post_read_request, 2 in fixups, 5 in log_transaction (3 and 4 live in
// the output filter). A request is evaluated once: subrequests and internal redirects find the
// original transaction through r->main / r->prev and are not evaluated again.
#include <exception>

#include "apr_strings.h"
#include "glue.h"
#include "http_connection.h"
#include "http_core.h"
#include "http_protocol.h"
#include "http_request.h"

extern "C" module AP_MODULE_DECLARE_DATA rampart_module;

namespace rampart::apache {
namespace {

request_rec* original(request_rec* r) {
  while (r->main || r->prev) r = r->main ? r->main : r->prev;
  return r;
}

// The transaction lives exactly as long as the request. A pre-cleanup runs before the pool's
// ordinary cleanups, so the per-directory Configs merged into r->pool later still exist when
// the transaction is destroyed.
apr_status_t delete_state(void* p) {
  delete static_cast<RequestState*>(p);
  return APR_SUCCESS;
}

RequestState* create_state(request_rec* r, const Config& config) {
  auto* st = new RequestState(r, config);
  apr_pool_pre_cleanup_register(r->pool, st, delete_state);
  ap_set_module_config(r->request_config, &rampart_module, st);
  return st;
}

// setenv: the rules' changes to the subprocess environment, applied (again) after each phase.
void apply_env(request_rec* r, const Transaction& tx) {
  for (const EnvChange& e : tx.env_changes()) {
    if (e.unset) {
      apr_table_unset(r->subprocess_env, e.name.c_str());
    } else {
      apr_table_set(r->subprocess_env, e.name.c_str(), e.value.c_str());
    }
  }
}

int phase_request_headers(request_rec* r) {
  if (r->main || r->prev || !engine_configured) return DECLINED;
  const Config* config = dir_config(r);
  if (config == nullptr) return DECLINED;
  try {
    RequestState* st = create_state(r, *config);
    st->tx.set_collection_store(collection_store(config->settings()));
    describe_request(r, st->tx);
    Intervention iv = st->tx.process_request_headers();
    apply_env(r, st->tx);
    return act(r, iv, DECLINED);
  } catch (const std::exception& e) {
    return internal_error(r, &config->settings(), "phase 1", e.what(), DECLINED);
  } catch (...) {
    return internal_error(r, &config->settings(), "phase 1", "unknown exception", DECLINED);
  }
}

int phase_request_body(request_rec* r) {
  if (r->main || r->prev) return DECLINED;
  RequestState* st = find_state(r);
  const Config* config = dir_config(r);
  if (st == nullptr || config == nullptr) return DECLINED;
  try {
    st->tx.set_config(*config);
    describe_env(r, st->tx);
    int rc = read_request_body(r, *st);
    if (rc != OK) return rc;
    Intervention iv = st->tx.process_request_body();
    apply_env(r, st->tx);
    rc = act(r, iv, DECLINED);
    if (rc == DECLINED) replace_request_body(r, *st);
    return rc;
  } catch (const std::exception& e) {
    return internal_error(r, &st->tx.settings(), "phase 2", e.what(), DECLINED);
  } catch (...) {
    return internal_error(r, &st->tx.settings(), "phase 2", "unknown exception", DECLINED);
  }
}

int phase_logging(request_rec* r) {
  RequestState* st = find_state(r);
  if (st == nullptr || st->logged) return DECLINED;
  st->logged = true;
  try {
    describe_server_path(r, st->tx);
    st->tx.process_logging();
    apply_env(r, st->tx);
    write_audit_log(r, *st);
  } catch (const std::exception& e) {
    internal_error(r, nullptr, "phase 5", e.what(), DECLINED);
  } catch (...) {
    internal_error(r, nullptr, "phase 5", "unknown exception", DECLINED);
  }
  return DECLINED;
}

}  // namespace

RequestState* find_state(request_rec* r) {
  return static_cast<RequestState*>(
      ap_get_module_config(original(r)->request_config, &rampart_module));
}

bool enforcing(const Settings& settings) {
  return settings.engine_mode() == EngineMode::kOn;
}

int internal_error(request_rec* r, const Settings* settings, const char* where, const char* what,
                   int pass) {
  bool closed = settings && enforcing(*settings);
  ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r, "rampart: internal error in %s: %s; %s", where, what,
                closed ? "failing closed with 500"
                       : "letting the request pass because the engine is not enforcing");
  return closed ? HTTP_INTERNAL_SERVER_ERROR : pass;
}

void drop_connection(request_rec* r) {
  conn_rec* c = r->connection;
  // Shut the socket down rather than close it: the MPM still owns the descriptor and closes it.
  if (apr_socket_t* s = ap_get_conn_socket(c)) apr_socket_shutdown(s, APR_SHUTDOWN_READWRITE);
  c->aborted = 1;
  c->keepalive = AP_CONN_CLOSE;
}

int act(request_rec* r, const Intervention& intervention, int pass) {
  switch (intervention.kind) {
    case Intervention::Kind::kDeny:
      return intervention.status > 0 ? intervention.status : HTTP_FORBIDDEN;
    case Intervention::Kind::kRedirect:
      apr_table_setn(r->headers_out, "Location", apr_pstrdup(r->pool, intervention.url.c_str()));
      return intervention.status > 0 ? intervention.status : HTTP_MOVED_TEMPORARILY;
    case Intervention::Kind::kDrop:
      drop_connection(r);
      return HTTP_FORBIDDEN;  // nothing reaches the client; the status is for the access log
    case Intervention::Kind::kProxy:  // the proxy action: mod_proxy serves the request
      if (ap_find_linked_module("mod_proxy.c") == nullptr) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r,
                      "rampart: proxy:%s needs mod_proxy (and mod_proxy_http): LoadModule them",
                      intervention.url.c_str());
        return HTTP_INTERNAL_SERVER_ERROR;
      }
      r->filename = apr_pstrcat(r->pool, "proxy:", intervention.url.c_str(), nullptr);
      r->proxyreq = PROXYREQ_REVERSE;  // mod_proxy's translate_name then keeps r->filename
      r->handler = "proxy-server";
      // In phase 2 the URL was already mapped to a file: forget it, or mod_dir's fixup would
      // redirect a directory request to its index page instead of proxying it.
      r->finfo.filetype = APR_NOFILE;
      break;
    case Intervention::Kind::kNone:
    case Intervention::Kind::kAllow:
      break;
  }
  return pass;
}

void register_phase_hooks() {
  // mod_unique_id sets UNIQUE_ID in its own post_read_request; run after it when it is loaded.
  static const char* const after_unique_id[] = {"mod_unique_id.c", nullptr};
  ap_hook_post_read_request(phase_request_headers, after_unique_id, nullptr, APR_HOOK_REALLY_FIRST);
  ap_hook_fixups(phase_request_body, nullptr, nullptr, APR_HOOK_REALLY_FIRST);
  ap_hook_log_transaction(phase_logging, nullptr, nullptr, APR_HOOK_MIDDLE);
}

}  // namespace rampart::apache
