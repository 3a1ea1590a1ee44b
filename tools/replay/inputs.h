// Where `rampart replay` finds requests: files, directories (every file under it, in name order;
// a Concurrent-mode audit log's storage directory is one) and "-" for stdin. Each file is told
// apart by its content: a HAR file (JSON with "log"), an audit log (native `--xxxxxxxx-A--` or a
// JSON entry, plain or gzip), or raw HTTP requests.
#pragma once

#include <functional>
#include <string>

#include "replay/request.h"

namespace rampart::replay {

struct InputStats {
  uint64_t files = 0, requests = 0, problems = 0;
};

// Calls on_request for each request, in order; on_problem ("file:line: message") for what could
// not be read, which is then skipped. `body_limit` bounds how much of one audit-log entry is
// kept (its bodies included).
void read_inputs(const std::string& path, size_t body_limit,
                 const std::function<void(Request&)>& on_request,
                 const std::function<void(const std::string&)>& on_problem, InputStats& stats);

}  // namespace rampart::replay
