// Response variables: RESPONSE_STATUS (available from phase 3), RESPONSE_PROTOCOL, and
// RESPONSE_BODY (phase 4, when SecResponseBodyAccess buffered it).
#include "variables/families.h"

namespace rampart::variables {

void response_status(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.response_status != 0) out.push_back(Field{{}, tx.keep(std::to_string(tx.response_status))});
}
void response_protocol(const TransactionState& tx, std::vector<Field>& out) {
  if (!tx.response_protocol.empty()) out.push_back(Field{{}, tx.response_protocol});
}
void response_body(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.phase >= 4) out.push_back(Field{{}, tx.response_body});
}

}  // namespace rampart::variables
