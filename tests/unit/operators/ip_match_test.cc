#include <string>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::Eval;

struct IpCase {
  std::string_view param;
  std::string_view value;
  bool match;
};

TEST(IpMatchOperator, AddressesAndNetworks) {
  const IpCase cases[] = {
      {"192.168.1.100", "192.168.1.100", true},
      {"192.168.1.100", "192.168.1.101", false},
      {"192.168.1.0/24", "192.168.1.255", true},
      {"192.168.1.0/24", "192.168.2.1", false},
      {"192.168.1.7/24", "192.168.1.200", true},  // host bits of a network are ignored
      {"10.0.0.0/8,172.16.0.0/12", "172.31.255.255", true},
      {"10.0.0.0/8,172.16.0.0/12", "172.32.0.0", false},
      {"0.0.0.0/0", "8.8.8.8", true},
      {"1.2.3.4/32", "1.2.3.4", true},
      {"127.0.0.1,::1", "::1", true},  // CRS REQUEST-905
      {"127.0.0.1,::1", "127.0.0.1", true},
      {"127.0.0.1,::1", "127.0.0.2", false},
      {"2001:db8::/32", "2001:db8:ffff::1", true},
      {"2001:db8::/32", "2001:db9::1", false},
      {"2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:DB8:85A3:8D3:1319:8A2E:370:7348", true},
      {"2001:db8::/127", "2001:db8::1", true},
      {"2001:db8::/127", "2001:db8::2", false},
      {"2001:db8:0:1::/64", "2001:db8:0:1:ffff:ffff:ffff:ffff", true},
      {"::/0", "fe80::1", true},
      {"::/0", "1.2.3.4", false},            // IPv4 values only meet IPv4 entries
      {"1.2.3.4", "::ffff:1.2.3.4", false},  // and an IPv4-mapped IPv6 value is IPv6, as in v2
      {"1.2.3.4", "not an ip", false},
      {"1.2.3.4", "", false},
      {"1.2.3.4", " 1.2.3.4", false},
      {"1.2.3.4", "1.2.3.4.5", false},
      {"1.2.3.4", "01.2.3.4", false},               // inet_pton rejects leading zeros
      {" 10.0.0.1 , 10.0.0.2 ", "10.0.0.2", true},  // spaces around entries are tolerated
      {"10.0.0.1,,10.0.0.2", "10.0.0.2", true},     // empty entries are skipped, as in v2
  };
  for (const IpCase& c : cases) {
    SCOPED_TRACE(std::string(c.value) + " in " + std::string(c.param));
    EXPECT_EQ(optest::matches("ipMatch", c.param, c.value), c.match);
  }
}

TEST(IpMatchOperator, Message) {
  auto b = build("ipMatch", "127.0.0.1,::1");
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("REMOTE_ADDR");
  ASSERT_TRUE(run(*b.op, "::1"));
  EXPECT_EQ(run.st.message, R"(IPmatch: "::1" matched at REMOTE_ADDR.)");
}

TEST(IpMatchOperator, BadEntriesAreConfigErrors) {
  for (std::string_view param :
       {"1.2.3", "1.2.3.4/33", "::1/129", "1.2.3.4/", "1.2.3.4/2x", "10.0.0.0/255.0.0.0",
        "host.example.com", "1.2.3.4,bogus", "1.2.3.4/-1", "gggg::1"}) {
    SCOPED_TRACE(param);
    auto b = build("ipMatch", param);
    EXPECT_EQ(b.op, nullptr);
    EXPECT_TRUE(b.error.starts_with("Could not add entry \"")) << b.error;
  }
  auto empty = build("ipMatch", " , ");
  EXPECT_EQ(empty.op, nullptr);
  EXPECT_NE(empty.error.find("Missing parameter"), std::string::npos) << empty.error;
}

}  // namespace
}  // namespace rampart::operators
