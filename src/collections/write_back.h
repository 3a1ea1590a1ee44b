// The end of a transaction for persistent collections: write back what the rules changed (one
// store write transaction at most) and say so in the debug log.
#pragma once

namespace rampart {
struct TransactionState;
}

namespace rampart::collections {

void write_back(TransactionState& tx);

// Seconds since the epoch as the transaction sees it (its start time), for expiry decisions.
long long transaction_now(const TransactionState& tx);

}  // namespace rampart::collections
