// Transaction::env_changes: the setenv list the connector copies into httpd's subprocess_env.
#include "engine/transaction_state.h"

namespace rampart {

const std::vector<EnvChange>& Transaction::env_changes() const {
  return state_->env_changes;
}

}  // namespace rampart
