#include "collections/write_back.h"

#include <chrono>
#include <string>

#include "engine/transaction_state.h"

namespace rampart::collections {

long long transaction_now(const TransactionState& tx) {
  return std::chrono::duration_cast<std::chrono::seconds>(tx.started.time_since_epoch()).count();
}

void write_back(TransactionState& tx) {
  const Settings& settings = tx.config->settings();
  // Expiry is measured from the end of the transaction, which is when the record is written.
  auto now = std::chrono::duration_cast<std::chrono::seconds>(
                 std::chrono::system_clock::now().time_since_epoch())
                 .count();
  now = std::max<long long>(now, transaction_now(tx));  // tests move `started` forward
  auto result = tx.persistent.persist(now, settings.collection_timeout_seconds());
  if (result.collections == 0) return;
  if (result.result.status != WriteStatus::kOk) {
    tx.debug(1, "Failed to store " + std::to_string(result.collections) +
                    " collection(s): " + result.result.message);
  } else if (tx.debug_enabled(4)) {
    tx.debug(4, "Persisted " + std::to_string(result.collections) + " collection(s).");
  }
}

}  // namespace rampart::collections
