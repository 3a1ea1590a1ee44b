// Collect/lookup functions of the persistent collections and their ids (persistent.cc), listed
// in registry.cc.
#pragma once

#include "engine/transaction_state.h"
#include "variables/variable.h"

namespace rampart::variables {

#define RAMPART_PERSISTENT(name)                                               \
  void name##_collection(const TransactionState& tx, std::vector<Field>& out); \
  void name##_lookup(const TransactionState& tx, std::string_view key, std::vector<Field>& out);
RAMPART_PERSISTENT(ip)
RAMPART_PERSISTENT(global)
RAMPART_PERSISTENT(resource)
RAMPART_PERSISTENT(session)
RAMPART_PERSISTENT(user)
#undef RAMPART_PERSISTENT

void session_id(const TransactionState& tx, std::vector<Field>& out);
void user_id(const TransactionState& tx, std::vector<Field>& out);
void web_app_id(const TransactionState& tx, std::vector<Field>& out);

}  // namespace rampart::variables
