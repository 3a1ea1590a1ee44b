// A minimal DNS client for @rbl: one A query over UDP to one server, with a hard deadline. Own
// code rather than the resolver library because getaddrinfo() cannot be bounded in time and
// tests must point the lookups at a local responder (SecRblResolver).
#pragma once

#include <sys/socket.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rampart::lookups {

struct DnsServer {
  sockaddr_storage addr{};
  socklen_t len = 0;
  std::string text;  // as configured, for messages
};

// "127.0.0.1", "127.0.0.1:5353", "::1" or "[::1]:5353" (port 53 when none). nullopt and `error`
// when the text is not a numeric address with an optional port.
std::optional<DnsServer> parse_dns_server(std::string_view text, std::string& error);

// The first `nameserver` of /etc/resolv.conf; 127.0.0.1:53 when there is none.
DnsServer system_dns_server();

struct DnsAnswer {
  enum class Status { kFound, kNotFound, kTimeout, kError };
  Status status = Status::kError;
  uint32_t ipv4 = 0;  // kFound: the first A record, first octet in the top byte (127.0.0.2 =
                      // 0x7f000002)
  uint32_t ttl = 0;   // kFound, kNotFound: how long the answer may be cached (seconds)
  std::string error;  // kError: what went wrong
};

// Asks `server` for the A record of `name`, retrying once within `timeout`. Never blocks longer
// than `timeout`.
DnsAnswer query_a(const DnsServer& server, std::string_view name,
                  std::chrono::milliseconds timeout);

// "a.b.c.d" of an answer's address.
std::string ipv4_text(uint32_t ipv4);

}  // namespace rampart::lookups

namespace rampart::lookups {

// SecRblResolver: where @rbl sends its queries and how long it waits in total.
struct RblResolver {
  DnsServer server;
  std::chrono::milliseconds timeout{1000};
};

}  // namespace rampart::lookups
