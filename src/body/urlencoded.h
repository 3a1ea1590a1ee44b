// application/x-www-form-urlencoded parsing, used for the query string (ARGS_GET) and for
// URLENCODED request bodies (ARGS_POST). Cookies are body/cookies.h.
#pragma once

#include <string_view>
#include <vector>

#include "engine/transaction_state.h"

namespace rampart::body {

// Splits `text` at `separator`; each piece is name[=value], both %-decoded ('+' is a space,
// invalid escapes are kept as written). Empty pieces are skipped; a piece without '=' is a name
// with an empty value. Returns false when an invalid %-escape was seen (URLENCODED_ERROR).
bool parse_urlencoded(const TransactionState& tx, std::string_view text, char separator,
                      std::vector<Param>& out);

// Appends `parsed` to `out` while ARGS (query, body and JSON arguments together) stays within
// SecArgumentsLimit. Past it the rest is dropped and, as in v2 2.9.7 (for the query string as
// for the body), REQBODY_ERROR is set with REQBODY_ERROR_MSG "SecArgumentsLimit exceeded".
void add_within_arguments_limit(TransactionState& tx, std::vector<Param>& parsed,
                                std::vector<Param>& out);

}  // namespace rampart::body
