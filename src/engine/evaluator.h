// Runs the rules of one phase against a transaction, with ModSecurity v2's semantics: rules in
// file order, markers in every phase, chains (all links must match), skip/skipAfter, actions run
// once per matched target, disruptive actions only outside DetectionOnly.
#pragma once

namespace rampart {

struct TransactionState;

void run_phase(TransactionState& tx, int phase);

}  // namespace rampart
