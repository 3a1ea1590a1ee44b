// HashLocation (SecHashMethodRx/Pm): the Location header of a redirect gets the same MAC as a
// signed link, so a client may follow the redirects the application sends. The connector asks
// after phase 3 (Transaction::signed_location()) and replaces the header it sends.
// Example: SecHashMethodRx HashLocation "^/shop/"
//   Location: /shop/cart?id=3  ->  Location: /shop/cart?id=3&hmac=5f0c…
#include "engine/transaction_state.h"
#include "hash/hash_engine.h"
#include "rampart/transaction.h"

namespace rampart {

namespace hash {

std::string signed_location(const TransactionState& tx) {
  std::string_view location = tx.response_header("Location");
  if (location.empty()) return {};
  return signed_link(tx, HashMethod::Kind::kLocation, location);
}

}  // namespace hash

std::string Transaction::signed_location() const {
  const State& s = *state_;
  if (!settings().hash_links() || settings().engine_mode() == EngineMode::kOff ||
      s.intervention.disruptive())
    return {};
  return hash::signed_location(s);
}

}  // namespace rampart
