// SecDisableBackendCompression On: the handler (mod_proxy above all) sees a request without
// Accept-Encoding and TE, so the backend answers uncompressed and phase 4 inspects plain text;
// the client's headers come back before mod_deflate looks at them, so the client still gets a
// compressed response when the server compresses (ModSecurity v2: "disables backend compression
// while leaving the frontend compression enabled").
#include <iterator>

#include "apr_strings.h"
#include "glue.h"
#include "http_request.h"

namespace rampart::apache {

namespace {

constexpr const char* kHeaders[] = {"Accept-Encoding", "TE"};
constexpr const char* kNotes[] = {"rampart-saved-accept-encoding", "rampart-saved-te"};

// After phase 2 (REALLY_FIRST fixups) and before the handler.
int remove_compression_headers(request_rec* r) {
  if (r->main || r->prev) return DECLINED;  // the original request's headers are shared
  RequestState* st = find_state(r);
  if (st == nullptr || !st->tx.settings().no_backend_compression()) return DECLINED;
  for (size_t i = 0; i < std::size(kHeaders); ++i) {
    const char* value = apr_table_get(r->headers_in, kHeaders[i]);
    if (value == nullptr) continue;
    apr_table_setn(r->notes, kNotes[i], value);
    apr_table_unset(r->headers_in, kHeaders[i]);
  }
  return DECLINED;
}

}  // namespace

void restore_compression_headers(request_rec* r) {
  request_rec* original = r;
  while (original->prev) original = original->prev;
  for (size_t i = 0; i < std::size(kHeaders); ++i) {
    const char* value = apr_table_get(original->notes, kNotes[i]);
    if (value == nullptr) continue;
    apr_table_setn(r->headers_in, kHeaders[i], value);
    apr_table_unset(original->notes, kNotes[i]);
  }
}

void register_backend_compression_hooks() {
  // APR_HOOK_FIRST: after phase 2 (REALLY_FIRST), so rules never miss the headers.
  ap_hook_fixups(remove_compression_headers, nullptr, nullptr, APR_HOOK_FIRST);
}

}  // namespace rampart::apache
