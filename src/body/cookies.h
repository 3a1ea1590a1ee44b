// Cookie header parsing into REQUEST_COOKIES, as ModSecurity v2 does it (SecCookieFormat).
#pragma once

#include <string_view>
#include <vector>

#include "engine/transaction_state.h"

namespace rampart::body {

// Version 0 (Netscape) cookies: the header split at `separator` (SecCookieV0Separator, `;` by
// default); in each piece leading white space is skipped and the first '=' ends the name. Values
// are kept as sent: not decoded, unquoted or trimmed ("a = 1 " is name "a " value " 1 ").
// A piece without '=' is a cookie with an empty value; pieces with an empty name are skipped.
void parse_cookies_v0(std::string_view header, char separator, std::vector<Param>& out);

// Version 1 (RFC 2109) cookies: pieces end at ';' or ','; names and unquoted values are trimmed;
// a value in double quotes is taken without the quotes and may hold ';' and ','. Attributes
// ($Path, $Domain, ...) after a cookie are renamed `$<cookie>_<attribute>` (v2's convention, so
// they stay distinct per cookie); before any cookie (e.g. $Version) they keep their name.
// `tx` keeps the renamed names alive.
void parse_cookies_v1(const TransactionState& tx, std::string_view header, std::vector<Param>& out);

}  // namespace rampart::body
