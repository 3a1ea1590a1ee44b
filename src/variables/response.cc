// Response variables: RESPONSE_STATUS, RESPONSE_PROTOCOL, RESPONSE_CONTENT_TYPE and
// RESPONSE_CONTENT_LENGTH (from phase 3), RESPONSE_BODY (phase 4, when SecResponseBodyAccess
// buffered it; the decoded text when the backend compressed it) and STREAM_OUTPUT_BODY (phase 4,
// with SecStreamOutBodyInspection; @rsub may rewrite it).
#include "variables/families.h"

namespace rampart::variables {

void response_status(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.response_status != 0)
    out.push_back(Field{{}, tx.keep(std::to_string(tx.response_status))});
}
void response_protocol(const TransactionState& tx, std::vector<Field>& out) {
  if (!tx.response_protocol.empty()) out.push_back(Field{{}, tx.response_protocol});
}
void response_body(const TransactionState& tx, std::vector<Field>& out) {
  // Empty when SecResponseBodyAccess is Off, even if SecStreamOutBodyInspection buffered it.
  if (tx.phase >= 4)
    out.push_back(Field{{},
                        tx.settings().inspect_response_body() ? std::string_view(tx.response_body)
                                                              : std::string_view()});
}
// The Content-Type header as sent, parameters included ("text/html; charset=utf-8").
void response_content_type(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.phase < 3) return;
  std::string_view type = tx.response_header("Content-Type");
  if (!type.empty()) out.push_back(Field{{}, type});
}
// As in v2: the Content-Length header while the body is unknown, "0" when there is none; from
// phase 4 the bytes the body really had, once it went through the engine.
void response_content_length(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.phase < 3) return;
  if (tx.phase >= 4 && tx.response_body_length > 0) {
    out.push_back(Field{{}, tx.keep(std::to_string(tx.response_body_length))});
    return;
  }
  std::string_view length = tx.response_header("Content-Length");
  out.push_back(Field{{}, length.empty() ? std::string_view("0") : length});
}
void stream_output_body(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.phase >= 4 && tx.settings().inspect_stream_output())
    out.push_back(Field{{}, tx.stream_output_body});
}

}  // namespace rampart::variables
