// The error-log line ModSecurity v2 writes for a rule match. fail2ban filters, go-ftw and log
// pipelines parse this format, so it is kept byte-compatible:
//   ModSecurity: Access denied with code 403 (phase 2). Pattern match "x" at ARGS:a.
//   [file "…"] [line "…"] [id "…"] [msg "…"] [data "…"] [severity "…"] [tag "…"]
//   [hostname "…"] [uri "…"] [unique_id "…"]
#pragma once

#include <string>
#include <string_view>

namespace rampart {

struct Rule;
struct TransactionState;

namespace log {

// `"` and `\` backslash-escaped, \b \n \r \t \v as escapes, other control and non-ASCII bytes as
// \xHH (v2's log_escape).
std::string escape(std::string_view s);
void append_escaped(std::string& out, std::string_view s);  // escape(s) appended to `out`
// escape() plus a backslash before : + . [ ] ( ) ? / (v2's log_escape_re, which v2 applies to a
// macro-expanded @rx pattern before compiling it).
std::string escape_re(std::string_view s);
// `"`, `\`, control and non-ASCII bytes as \xHH (v2's log_escape_hex, used for [data]).
std::string escape_hex(std::string_view s);
void append_escaped_hex(std::string& out, std::string_view s);  // escape_hex(s) appended

// The whole line for a match of `rule` (a chain starter): `action` is e.g. "Warning." and
// `rule_message` the operator's message of the last link, already escaped by the operator.
std::string alert_line(const TransactionState& tx, const Rule& rule, std::string_view action,
                       std::string_view rule_message);

}  // namespace log
}  // namespace rampart
