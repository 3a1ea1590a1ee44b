#include <string>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::data_dir;
using optest::Eval;

TEST(IpMatchFromFileOperator, ReadsOneEntryPerLine) {
  auto b = build("ipMatchFromFile", "ips.txt", false, data_dir());
  ASSERT_NE(b.op, nullptr) << b.error;
  struct Case {
    std::string_view value;
    bool match;
  };
  const Case cases[] = {
      {"192.168.0.1", true},  {"192.168.0.2", false}, {"172.16.200.3", true},
      {"172.17.0.1", false},  {"10.255.0.1", true},   {"2001:db8::abcd", true},
      {"2001:db9::1", false}, {"# Test list", false},
  };
  Eval run("REMOTE_ADDR");
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.value));
    EXPECT_EQ(run(*b.op, c.value), c.match);
  }
}

TEST(IpMatchFromFileOperator, MessageAndAlias) {
  auto b = build("ipMatchF", "ips_crlf.txt", false, data_dir());
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("REMOTE_ADDR");
  ASSERT_TRUE(run(*b.op, "::1"));
  EXPECT_EQ(run.st.message, R"(IPmatchFromFile: "::1" matched at REMOTE_ADDR.)");
  EXPECT_TRUE(run(*b.op, "10.0.0.1"));
}

TEST(IpMatchFromFileOperator, Errors) {
  auto missing = build("ipMatchFromFile", "nope.txt", false, data_dir());
  EXPECT_EQ(missing.op, nullptr);
  EXPECT_EQ(missing.error, "Could not open ipmatch file \"" + data_dir() +
                               "/nope.txt\": No such file or directory");

  auto bad = build("ipMatchFromFile", "ips_bad.txt", false, data_dir());
  EXPECT_EQ(bad.op, nullptr);
  EXPECT_TRUE(bad.error.starts_with("Could not add entry \"not-an-address\" in line 2 of file "))
      << bad.error;

  auto empty = build("ipMatchFromFile", " ", false, data_dir());
  EXPECT_EQ(empty.op, nullptr);
  EXPECT_NE(empty.error.find("Missing parameter"), std::string::npos);
}

}  // namespace
}  // namespace rampart::operators
