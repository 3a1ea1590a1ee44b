// Transaction::alert(): an engine message that belongs to no rule, with the request's hostname,
// uri and unique_id appended as ModSecurity v2's msr_log does at level 1.
#include "engine/transaction_state.h"
#include "log/alert.h"
#include "rampart/transaction.h"

namespace rampart {

void Transaction::alert(std::string_view message) const {
  const State& s = *state_;
  std::string line = "ModSecurity: ";
  line.append(message);
  line += " [hostname \"" + log::escape(s.hostname) + "\"]";
  line += " [uri \"" + log::escape(s.decoded_uri.empty() ? s.path : s.decoded_uri) + "\"]";
  line += " [unique_id \"" + s.unique_id + "\"]";
  s.log->alert(line);
}

}  // namespace rampart
