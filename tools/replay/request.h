// One recorded HTTP exchange as `rampart replay` feeds it to the engine: the request as the
// client sent it (body already de-chunked, as httpd hands it over) and, when the source recorded
// it, the response, so that phases 3 and 4 can run too.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rampart::replay {

using Headers = std::vector<std::pair<std::string, std::string>>;

struct Response {
  int status = 0;  // 0: no response recorded (phases 3 and 4 are not run)
  std::string protocol = "HTTP/1.1";
  std::string status_line;  // "200 OK"
  Headers headers;
  std::string body;

  const std::string* header(std::string_view name) const;
};

struct Request {
  std::string source;  // file name, "-" for stdin
  uint64_t line = 0;   // where it starts in the source (1-based), or its index in a HAR file
  std::string client_ip = "127.0.0.1";
  int client_port = 40000;
  std::string server_ip = "127.0.0.1";
  int server_port = 80;
  std::string method, target, protocol = "HTTP/1.1";  // target: as on the request line
  Headers headers;
  std::string body;
  Response response;

  std::string where() const { return source + ":" + std::to_string(line); }
  // The first header of that name (case-insensitive), or nullptr.
  const std::string* header(std::string_view name) const;
};

// Splits a request target into path and query (no '?'); an absolute URI (http://host/p) gives
// its path, and the host in `authority`. A fragment is dropped.
void split_target(std::string_view target, std::string& path, std::string& query,
                  std::string& authority);

// The path as httpd holds it after reading the request (r->uri): %-decoded, `.` and `..`
// segments resolved, repeated slashes merged (MergeSlashes On, the default).
std::string server_path(std::string_view raw_path);

}  // namespace rampart::replay
