// A tiny DNS responder for the @rbl tests, on 127.0.0.1 and a free port: answers A queries for
// the names it was given, NXDOMAIN for the others, and nothing at all for names in `silent` (to
// provoke timeouts). Counts the queries per name so tests can see the cache work.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>

namespace rampart::testing {

class DnsResponder {
 public:
  DnsResponder() {
    fd_ = socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t len = sizeof a;
    getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
    port_ = ntohs(a.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~DnsResponder() {
    stop_ = true;
    thread_.join();
    close(fd_);
  }
  void answer(const std::string& name, const std::string& ipv4) {
    std::lock_guard<std::mutex> l(mutex_);
    answers_[name] = ipv4;
  }
  void silent(const std::string& name) {
    std::lock_guard<std::mutex> l(mutex_);
    silent_.insert(name);
  }
  int queries(const std::string& name) {
    std::lock_guard<std::mutex> l(mutex_);
    return counts_[name];
  }
  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }

 private:
  void serve() {
    unsigned char buf[512];
    while (!stop_) {
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, 50) <= 0) continue;
      sockaddr_in from{};
      socklen_t flen = sizeof from;
      ssize_t n = recvfrom(fd_, buf, sizeof buf, 0, reinterpret_cast<sockaddr*>(&from), &flen);
      if (n < 17) continue;
      std::string name;
      size_t pos = 12;
      while (pos < static_cast<size_t>(n) && buf[pos] != 0) {
        if (!name.empty()) name += '.';
        name.append(reinterpret_cast<char*>(buf + pos + 1), buf[pos]);
        pos += 1 + buf[pos];
      }
      size_t question_end = pos + 5;  // zero byte, type, class
      std::string reply(reinterpret_cast<char*>(buf), question_end);
      std::string ip;
      {
        std::lock_guard<std::mutex> l(mutex_);
        ++counts_[name];
        if (silent_.count(name)) continue;
        auto it = answers_.find(name);
        if (it != answers_.end()) ip = it->second;
      }
      reply[2] = static_cast<char>(0x81);                      // response, RD
      reply[3] = static_cast<char>(ip.empty() ? 0x83 : 0x80);  // RA, NXDOMAIN or NOERROR
      reply[6] = 0;
      reply[7] = ip.empty() ? 0 : 1;  // one answer
      if (!ip.empty()) {
        in_addr addr{};
        inet_pton(AF_INET, ip.c_str(), &addr);
        const char rr[] = {'\xc0', '\x0c', 0, 1, 0, 1, 0, 0, 0, 60, 0, 4};
        reply.append(rr, sizeof rr);
        reply.append(reinterpret_cast<char*>(&addr), 4);
      }
      sendto(fd_, reply.data(), reply.size(), 0, reinterpret_cast<sockaddr*>(&from), flen);
    }
  }

  int fd_ = -1;
  uint16_t port_ = 0;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::map<std::string, std::string> answers_;
  std::set<std::string> silent_;
  std::map<std::string, int> counts_;
  std::thread thread_;
};

}  // namespace rampart::testing
