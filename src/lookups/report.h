// One error-log line for a lookup that could not answer (a DNS timeout, a program that did not
// finish), in the form of ModSecurity v2's rule execution errors:
//   ModSecurity: Rule [id "1"][file "f"][line "3"] - Execution error - <message> [hostname …]
// The rule then does not match; the line says why, so a silent miss is never invisible.
#pragma once

#include <string_view>

namespace rampart {
struct TransactionState;
}

namespace rampart::lookups {

void report_error(const TransactionState& tx, std::string_view message);

}  // namespace rampart::lookups
