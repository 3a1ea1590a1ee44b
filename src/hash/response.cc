// After phase 4: SecHashEngine signs the links of the buffered response body, which the
// connector then sends instead (Transaction::response_changes, as for @rsub).
#include "engine/transaction_state.h"
#include "hash/hash_engine.h"

namespace rampart::hash {

void sign_response(TransactionState& s) {
  if (s.response_body_limited || s.settings().hash_methods.empty()) return;
  std::string_view body = s.stream_output_modified ? std::string_view(s.stream_output_body)
                                                   : std::string_view(s.response_body);
  std::string signed_body;
  if (!sign_links(s, body, signed_body)) return;
  s.stream_output_body = std::move(signed_body);
  s.stream_output_modified = true;
}

}  // namespace rampart::hash
