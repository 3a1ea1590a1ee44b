// Raw HTTP/1.x requests as saved from a proxy, curl --trace or by hand: a request line, header
// lines, an empty line, and a body (Content-Length bytes, or chunked, which is decoded). One file
// may hold several requests in a row. Without Content-Length or chunking, everything after the
// headers up to the next request line is the body (hand-written files rarely count bytes), and
// a Content-Length header is added for it, as a client would send.
// Line ends may be CRLF or LF.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "replay/request.h"

namespace rampart::replay {

// True when `text` starts with something shaped like `METHOD SP target SP HTTP/x.y`.
bool looks_like_request_line(std::string_view text);

// Appends the requests of `text` to `out`. Returns an error ("line N: …") for what cannot be
// read; requests before it are kept.
std::string parse_raw_requests(std::string_view text, const std::string& source,
                               std::vector<Request>& out);

}  // namespace rampart::replay
