#include "lookups/dns.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/random.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

namespace rampart::lookups {

namespace {

using Clock = std::chrono::steady_clock;

constexpr uint16_t kTypeA = 1, kClassIn = 1;
constexpr uint32_t kNegativeTtl = 300;  // NXDOMAIN without an SOA: cache for five minutes

bool set_port(DnsServer& s, uint16_t port) {
  if (s.addr.ss_family == AF_INET) {
    reinterpret_cast<sockaddr_in&>(s.addr).sin_port = htons(port);
  } else {
    reinterpret_cast<sockaddr_in6&>(s.addr).sin6_port = htons(port);
  }
  return true;
}

bool parse_ip(const std::string& host, DnsServer& s) {
  auto& v4 = reinterpret_cast<sockaddr_in&>(s.addr);
  auto& v6 = reinterpret_cast<sockaddr_in6&>(s.addr);
  if (inet_pton(AF_INET, host.c_str(), &v4.sin_addr) == 1) {
    v4.sin_family = AF_INET;
    s.len = sizeof v4;
    return true;
  }
  if (inet_pton(AF_INET6, host.c_str(), &v6.sin6_addr) == 1) {
    v6.sin6_family = AF_INET6;
    s.len = sizeof v6;
    return true;
  }
  return false;
}

// The query message: header (id, RD set, one question) and the question for `name` IN A.
bool build_query(uint16_t id, std::string_view name, std::string& out) {
  out.assign({static_cast<char>(id >> 8), static_cast<char>(id & 0xff), 0x01, 0x00, 0x00, 0x01,
              0x00, 0x00, 0x00, 0x00, 0x00, 0x00});
  while (!name.empty() && name.back() == '.') name.remove_suffix(1);
  if (name.empty() || name.size() > 253) return false;
  size_t start = 0;
  while (start <= name.size()) {
    size_t dot = name.find('.', start);
    if (dot == std::string_view::npos) dot = name.size();
    size_t len = dot - start;
    if (len == 0 || len > 63) return false;
    out += static_cast<char>(len);
    out.append(name.substr(start, len));
    start = dot + 1;
  }
  out += '\0';
  out.append({0x00, static_cast<char>(kTypeA), 0x00, static_cast<char>(kClassIn)});
  return true;
}

uint16_t u16(const unsigned char* p) {
  return static_cast<uint16_t>(p[0] << 8 | p[1]);
}
uint32_t u32(const unsigned char* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | p[3];
}

// Skips a (possibly compressed) name at `pos`; false when it runs past the message.
bool skip_name(const unsigned char* msg, size_t size, size_t& pos) {
  for (int labels = 0; labels < 128; ++labels) {
    if (pos >= size) return false;
    unsigned char len = msg[pos];
    if (len == 0) {
      ++pos;
      return true;
    }
    if ((len & 0xc0) == 0xc0) {  // a pointer ends the name
      if (pos + 2 > size) return false;
      pos += 2;
      return true;
    }
    pos += 1 + len;
  }
  return false;
}

// Reads a response for query `id`. nullopt: not ours (wrong id or not a response), keep waiting.
std::optional<DnsAnswer> parse_response(const unsigned char* msg, size_t size, uint16_t id,
                                        const std::string& query) {
  if (size < 12 || u16(msg) != id || (msg[2] & 0x80) == 0) return std::nullopt;
  // The question must be the one we asked, so a stray or spoofed answer for another name is
  // ignored.
  size_t question_len = query.size() - 12;
  if (size < 12 + question_len || std::memcmp(msg + 12, query.data() + 12, question_len) != 0)
    return std::nullopt;
  DnsAnswer a;
  int rcode = msg[3] & 0x0f;
  if (rcode == 3) {  // NXDOMAIN: not listed
    a.status = DnsAnswer::Status::kNotFound;
    a.ttl = kNegativeTtl;
    return a;
  }
  if (rcode != 0) {
    a.error = "the DNS server answered with error code " + std::to_string(rcode);
    return a;
  }
  size_t answers = u16(msg + 6), pos = 12 + question_len;
  for (size_t i = 0; i < answers; ++i) {
    if (!skip_name(msg, size, pos) || pos + 10 > size) break;
    uint16_t type = u16(msg + pos), klass = u16(msg + pos + 2);
    uint32_t ttl = u32(msg + pos + 4);
    uint16_t rdlen = u16(msg + pos + 8);
    pos += 10;
    if (pos + rdlen > size) break;
    if (type == kTypeA && klass == kClassIn && rdlen == 4) {
      a.status = DnsAnswer::Status::kFound;
      a.ipv4 = u32(msg + pos);
      a.ttl = ttl;
      return a;
    }
    pos += rdlen;  // a CNAME on the way
  }
  a.status = DnsAnswer::Status::kNotFound;  // the name exists but has no A record
  a.ttl = kNegativeTtl;
  return a;
}

}  // namespace

std::optional<DnsServer> parse_dns_server(std::string_view text, std::string& error) {
  DnsServer s;
  s.text = std::string(text);
  std::string host(text);
  uint16_t port = 53;
  std::string_view port_text;
  if (text.starts_with('[')) {  // [v6]:port
    size_t close = text.find(']');
    if (close == std::string_view::npos) {
      error = "unbalanced '[' in \"" + s.text + "\"";
      return std::nullopt;
    }
    host = std::string(text.substr(1, close - 1));
    if (close + 1 < text.size()) {
      if (text[close + 1] != ':') {
        error = "expected ':port' after ']' in \"" + s.text + "\"";
        return std::nullopt;
      }
      port_text = text.substr(close + 2);
    }
  } else if (size_t colon = text.find(':'); colon != std::string_view::npos &&
                                            text.find(':', colon + 1) == std::string_view::npos) {
    host = std::string(text.substr(0, colon));  // one ':' means v4:port; more means bare v6
    port_text = text.substr(colon + 1);
  }
  if (!port_text.empty() || text.ends_with(':')) {
    unsigned p = 0;
    auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), p);
    if (ec != std::errc() || end != port_text.data() + port_text.size() || p == 0 || p > 65535) {
      error = "bad port in \"" + s.text + "\": give 1-65535, e.g. 127.0.0.1:5353";
      return std::nullopt;
    }
    port = static_cast<uint16_t>(p);
  }
  if (!parse_ip(host, s)) {
    error = "\"" + s.text +
            "\" is not a numeric IP address (with an optional :port), e.g. "
            "127.0.0.1:5353 or [::1]:53";
    return std::nullopt;
  }
  set_port(s, port);
  return s;
}

DnsServer system_dns_server() {
  std::ifstream in("/etc/resolv.conf");
  std::string line, error;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string key, value;
    if (!(words >> key >> value) || key != "nameserver") continue;
    if (size_t pct = value.find('%'); pct != std::string::npos) value.resize(pct);  // fe80::1%eth0
    std::string text = value.find(':') != std::string::npos ? "[" + value + "]" : value;
    if (auto s = parse_dns_server(text, error)) return *s;
  }
  return *parse_dns_server("127.0.0.1", error);
}

std::string ipv4_text(uint32_t ip) {
  return std::to_string(ip >> 24) + "." + std::to_string((ip >> 16) & 0xff) + "." +
         std::to_string((ip >> 8) & 0xff) + "." + std::to_string(ip & 0xff);
}

DnsAnswer query_a(const DnsServer& server, std::string_view name,
                  std::chrono::milliseconds timeout) {
  DnsAnswer result;
  uint16_t id = 0;
  if (getrandom(&id, sizeof id, 0) != sizeof id)
    id = static_cast<uint16_t>(Clock::now().time_since_epoch().count());
  std::string query;
  if (!build_query(id, name, query)) {
    result.error = "\"" + std::string(name) + "\" is not a valid DNS name";
    return result;
  }
  int fd = socket(server.addr.ss_family, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    result.error = std::string("socket: ") + std::strerror(errno);
    return result;
  }
  struct Closer {
    int fd;
    ~Closer() { close(fd); }
  } closer{fd};
  // connect() makes the kernel drop datagrams from any other address.
  if (connect(fd, reinterpret_cast<const sockaddr*>(&server.addr), server.len) != 0) {
    result.error = "cannot reach DNS server " + server.text + ": " + std::strerror(errno);
    return result;
  }
  Clock::time_point start = Clock::now(), deadline = start + timeout;
  Clock::time_point resend = start + timeout / 2;  // one retry: UDP may lose the first packet
  bool resent = false;
  if (send(fd, query.data(), query.size(), 0) < 0) {
    result.error = "cannot send to DNS server " + server.text + ": " + std::strerror(errno);
    return result;
  }
  unsigned char buf[1500];
  for (;;) {
    Clock::time_point now = Clock::now();
    if (now >= deadline) {
      result.status = DnsAnswer::Status::kTimeout;
      return result;
    }
    Clock::time_point wake = resent ? deadline : std::min(resend, deadline);
    auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(wake - now).count();
    pollfd p{fd, POLLIN, 0};
    int n = poll(&p, 1, static_cast<int>(std::max<long long>(wait, 1)));
    if (n < 0 && errno != EINTR) {
      result.error = std::string("poll: ") + std::strerror(errno);
      return result;
    }
    if (n == 0) {
      if (!resent && Clock::now() >= resend) {
        resent = true;
        send(fd, query.data(), query.size(), 0);
      }
      continue;
    }
    if (n < 0) continue;
    ssize_t got = recv(fd, buf, sizeof buf, 0);
    if (got < 0) {
      if (errno == EAGAIN || errno == EINTR) continue;
      if (errno == ECONNREFUSED) {  // ICMP port unreachable: nobody listens there
        result.error = "DNS server " + server.text + " refused the query (nothing listens there)";
        return result;
      }
      result.error = std::string("recv: ") + std::strerror(errno);
      return result;
    }
    if (auto a = parse_response(buf, static_cast<size_t>(got), id, query)) return *a;
  }
}

}  // namespace rampart::lookups
