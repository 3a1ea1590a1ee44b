// HAR 1.2 files (a browser's "Save all as HAR", or a proxy's export): log.entries[i].request
// with method, url, httpVersion, headers and postData; .response with status, headers and
// content (base64 when content.encoding says so). HTTP/2 pseudo-headers are dropped; :authority
// becomes Host when there is none.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "replay/request.h"

namespace rampart::replay {

// True when `text` is a JSON object with a "log" member (checked cheaply, by its start).
bool looks_like_har(std::string_view text);

// Appends the entries of `text` to `out`; an error names the entry that could not be read.
std::string parse_har(std::string_view text, const std::string& source, std::vector<Request>& out);

}  // namespace rampart::replay
