// Registers Rampart's filters and inserts them into each request: the request-body replay
// (request_body.cc) and the response phases (response_filter.cc).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <string>

#include "apr_strings.h"
#include "glue.h"
#include "http_core.h"
#include "http_protocol.h"
#include "http_request.h"

namespace rampart::apache {

ap_filter_rec_t* body_replay_filter = nullptr;
ap_filter_rec_t* response_filter = nullptr;

namespace {

// The response phases run once per transaction, on the response the client gets: not for a
// subrequest (its output flows through the main request's filters), and not for the error page
// of a deny (httpd answering our own intervention must not re-run rules).
bool wants_response_filter(request_rec* r, RequestState*& st) {
  if (r->main) return false;
  st = find_state(r);
  return st && !st->response.started && !st->tx.intervention().disruptive();
}

void insert_filters(request_rec* r) {
  RequestState* st = nullptr;
  if (!wants_response_filter(r, st)) return;
  ap_add_output_filter_handle(response_filter, nullptr, r, r->connection);
  // mod_dir's fast redirect swaps r->input_filters for its subrequest's: put the replay back.
  if (r->prev == nullptr && st->body.kept()) add_body_replay(r, *st);
}

void insert_error_filters(request_rec* r) {
  RequestState* st = nullptr;
  if (wants_response_filter(r, st)) {
    ap_add_output_filter_handle(response_filter, nullptr, r, r->connection);
  }
}

}  // namespace

void register_filters() {
  body_replay_filter =
      ap_register_input_filter("RAMPART_BODY", replay_body, nullptr, AP_FTYPE_CONTENT_SET);
  // Before mod_deflate (AP_FTYPE_CONTENT_SET) so rules see the uncompressed body.
  response_filter =
      ap_register_output_filter("RAMPART_RESPONSE", response_phases, nullptr,
                                static_cast<ap_filter_type>(AP_FTYPE_CONTENT_SET - 3));
  ap_hook_insert_filter(insert_filters, nullptr, nullptr, APR_HOOK_MIDDLE);
  ap_hook_insert_error_filter(insert_error_filters, nullptr, nullptr, APR_HOOK_MIDDLE);
}

}  // namespace rampart::apache
