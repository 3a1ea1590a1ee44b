// A request (and its response, when logged) rebuilt from one audit-log entry that Rampart or
// ModSecurity v2 wrote: native parts B (request line and headers), C (request body), F (status
// line and headers) and E (response body), or the JSON format's request and response objects.
// What the log sanitised (sanitiseArg & co.) is replayed as the asterisks it holds.
#pragma once

#include <string>

#include "log/entry.h"
#include "replay/request.h"

namespace rampart::replay {

// Fills `out` from `entry` (read with a raw limit large enough for its bodies). Returns an error
// when the entry holds no request line (part B missing from SecAuditLogParts).
std::string request_from_entry(const logtool::Entry& entry, Request& out);

}  // namespace rampart::replay
