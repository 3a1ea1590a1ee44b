// Splits v2's alert text (error-log line after "ModSecurity: ", native part H "Message:", JSON
// audit_data.messages[i]) into its parts:
//   Access denied with code 403 (phase 2). Pattern match "x" at ARGS:a. [file "f"] [line "3"]
//   [id "1000"] [msg "m"] [severity "CRITICAL"] [tag "t1"] [tag "t2"]
// Values are unescaped (v2's log_escape: \" \\ \xHH \n ...).
#pragma once

#include <string_view>

#include "entry.h"

namespace rampart::logtool {

RuleMessage parse_alert_message(std::string_view text);

// v2's severity names by number (0 EMERGENCY ... 7 DEBUG); -1 when `s` is neither a name nor 0-7.
int severity_number(std::string_view s);
const char* severity_name(int n);

}  // namespace rampart::logtool
