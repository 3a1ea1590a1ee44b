// Transaction::response_changes(): what the connector must change in the response body the
// client gets, from @rsub on STREAM_OUTPUT_BODY and the prepend/append actions.
//
// A compressed response can be changed only as a whole: the decoded copy (with the changes)
// replaces the compressed bytes and goes out without Content-Encoding (mod_deflate, which runs
// after Rampart, may compress it again). A copy that is not whole (limit reached, damaged or
// truncated stream, a coding we cannot decode) is never sent in place of the original.
#include "body/inflate.h"
#include "engine/transaction_state.h"
#include "rampart/transaction.h"

namespace rampart {

ResponseChanges Transaction::response_changes() const {
  const State& s = *state_;
  ResponseChanges c;
  if (settings().inject_content()) {
    c.prepend = s.content_prepend;
    c.append = s.content_append;
  }
  body::ContentCoding coding = body::parse_content_coding(s.response_header("Content-Encoding"));
  bool encoded = coding != body::ContentCoding::kIdentity;
  bool decoded_whole =
      s.response_inflater && s.response_inflater->finished() && !s.response_body_limited;
  bool whole = !s.response_body_limited && (!encoded || decoded_whole);
  if (s.stream_output_modified && whole) {
    c.replace = true;
    c.body = s.stream_output_body;
    c.decoded = encoded;
  } else if (encoded && (!c.prepend.empty() || !c.append.empty())) {
    if (decoded_whole) {
      c.replace = c.decoded = true;
      c.body = s.response_body;
    } else {  // text added to compressed bytes would garble the page
      c.prepend = c.append = {};
    }
  }
  if (s.stream_output_modified && !whole && s.debug_enabled(4))
    s.debug(4,
            "STREAM_OUTPUT_BODY was changed but holds only part of the response body: the "
            "original is sent.");
  return c;
}

}  // namespace rampart
