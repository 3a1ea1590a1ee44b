// application/x-www-form-urlencoded parsing, used for the query string (ARGS_GET) and for
// URLENCODED request bodies (ARGS_POST), and Cookie header parsing (REQUEST_COOKIES).
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

// Version 0 cookies: `a=1; b=2`, names and values as sent (not decoded), surrounding spaces
// removed. A piece without '=' is a cookie with an empty value.
void parse_cookies(std::string_view header, std::vector<Param>& out);

}  // namespace rampart::body
