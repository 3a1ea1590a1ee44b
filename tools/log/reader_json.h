// Builds an Entry from one line of v2's JSON audit log (SecAuditLogFormat JSON):
//   {"transaction":{"time":"03/Dec/2026:07:59:38.466768 +0000","transaction_id":"…",
//    "remote_address":"…","remote_port":N,"local_address":"…","local_port":N},
//    "request":{"request_line":"…","headers":{…}},"response":{"status":N,…},
//    "audit_data":{"messages":["Access denied with code 403 (phase 2). … [id \"1000\"] …"],
//                  "action":{"intercepted":true,"phase":2},"engine_mode":"ENABLED"},…}
#pragma once

#include <string>
#include <string_view>

#include "entry.h"

namespace rampart::logtool {

// False with `error` (and `error_offset`, a byte offset in `text`) when the line is not a
// complete v2 JSON entry.
bool parse_json_entry(std::string_view text, Entry& entry, std::string& error,
                      std::size_t& error_offset);

}  // namespace rampart::logtool
