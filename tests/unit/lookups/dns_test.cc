// The @rbl DNS client: server addresses, answers, NXDOMAIN, timeouts and the answer cache.
#include "lookups/dns.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>
#include <vector>

#include "lookups/dns_cache.h"
#include "lookups/dns_responder.h"

namespace rampart::lookups {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

DnsServer server(const std::string& text) {
  std::string error;
  auto s = parse_dns_server(text, error);
  EXPECT_TRUE(s.has_value()) << error;
  return s.value_or(DnsServer{});
}

TEST(DnsServerText, AcceptsAddressesWithAndWithoutPort) {
  std::string error;
  EXPECT_TRUE(parse_dns_server("127.0.0.1", error));
  EXPECT_TRUE(parse_dns_server("127.0.0.1:5353", error));
  EXPECT_TRUE(parse_dns_server("::1", error));
  EXPECT_TRUE(parse_dns_server("[::1]:5353", error));
  EXPECT_TRUE(parse_dns_server("2001:db8::53", error));
}

TEST(DnsServerText, RejectsNamesAndBadPorts) {
  std::string error;
  EXPECT_FALSE(parse_dns_server("dns.example.com", error));
  EXPECT_NE(error.find("numeric IP address"), std::string::npos) << error;
  EXPECT_FALSE(parse_dns_server("127.0.0.1:0", error));
  EXPECT_FALSE(parse_dns_server("127.0.0.1:70000", error));
  EXPECT_FALSE(parse_dns_server("127.0.0.1:", error));
  EXPECT_FALSE(parse_dns_server("[::1", error));
  EXPECT_FALSE(parse_dns_server("", error));
}

TEST(DnsQuery, FindsListedNameAndItsAddress) {
  testing::DnsResponder dns;
  dns.answer("2.0.0.127.bl.test", "127.0.0.2");
  DnsAnswer a = query_a(server(dns.address()), "2.0.0.127.bl.test", 1000ms);
  ASSERT_EQ(a.status, DnsAnswer::Status::kFound) << a.error;
  EXPECT_EQ(ipv4_text(a.ipv4), "127.0.0.2");
  EXPECT_EQ(a.ttl, 60u);
}

TEST(DnsQuery, NxdomainIsNotFound) {
  testing::DnsResponder dns;
  DnsAnswer a = query_a(server(dns.address()), "1.0.0.127.bl.test", 1000ms);
  EXPECT_EQ(a.status, DnsAnswer::Status::kNotFound);
}

TEST(DnsQuery, SilentServerTimesOutWithinTheBudgetAfterOneRetry) {
  testing::DnsResponder dns;
  dns.silent("3.0.0.127.bl.test");
  auto start = Clock::now();
  DnsAnswer a = query_a(server(dns.address()), "3.0.0.127.bl.test", 300ms);
  auto took = Clock::now() - start;
  EXPECT_EQ(a.status, DnsAnswer::Status::kTimeout);
  EXPECT_GE(took, 290ms);
  EXPECT_LT(took, 600ms);
  std::this_thread::sleep_for(60ms);  // the responder's poll interval
  EXPECT_EQ(dns.queries("3.0.0.127.bl.test"), 2);
}

TEST(DnsQuery, InvalidNamesAreErrorsWithoutAQuery) {
  testing::DnsResponder dns;
  EXPECT_EQ(query_a(server(dns.address()), "a..b", 100ms).status, DnsAnswer::Status::kError);
  EXPECT_EQ(query_a(server(dns.address()), std::string(70, 'a') + ".test", 100ms).status,
            DnsAnswer::Status::kError);
  EXPECT_EQ(query_a(server(dns.address()), "", 100ms).status, DnsAnswer::Status::kError);
}

TEST(DnsCache, ConcurrentAsksForOneNameQueryOnce) {
  DnsCache cache;
  std::atomic<int> asked{0};
  auto ask = [&] {
    ++asked;
    std::this_thread::sleep_for(100ms);
    DnsAnswer a;
    a.status = DnsAnswer::Status::kFound;
    a.ipv4 = 0x7f000002;
    a.ttl = 60;
    return a;
  };
  std::vector<std::thread> threads;
  std::atomic<int> found{0};
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&] {
      if (cache.get("x.bl.test", ask, 1000ms).status == DnsAnswer::Status::kFound) ++found;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(asked.load(), 1);
  EXPECT_EQ(found.load(), 8);
  cache.get("x.bl.test", ask, 1000ms);
  EXPECT_EQ(asked.load(), 1);  // still cached (TTL 60 s)
}

TEST(DnsCache, DifferentNamesAreAskedSeparately) {
  DnsCache cache;
  int asked = 0;
  auto ask = [&] {
    ++asked;
    return DnsAnswer{DnsAnswer::Status::kNotFound, 0, 300, ""};
  };
  cache.get("a.bl.test", ask, 100ms);
  cache.get("b.bl.test", ask, 100ms);
  cache.get("a.bl.test", ask, 100ms);
  EXPECT_EQ(asked, 2);
  EXPECT_EQ(cache.size(), 2u);
}

}  // namespace
}  // namespace rampart::lookups
