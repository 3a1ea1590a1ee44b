// Stores the text @rsub produced into the STREAM_* variable it was applied to, and marks it
// changed so the connector sends it instead of the original body.
#pragma once

#include <string>
#include <string_view>

namespace rampart {

struct TransactionState;

// `variable` is the target as logged ("STREAM_OUTPUT_BODY"); other names are ignored.
void rewrite_stream(TransactionState& tx, std::string_view variable, std::string text);

}  // namespace rampart
