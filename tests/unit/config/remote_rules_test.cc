// SecRemoteRules / SecRemoteRulesFailAction: what is checked before and around the download
// (the download itself is tests/integration/test_remote_rules.py, against a local TLS server).
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

TEST(RemoteRules, OnlyHttps) {
  EXPECT_NE(load_error("SecRemoteRules key http://127.0.0.1/rules.conf\n")
                .find("the URL must start with https://"),
            std::string::npos);
}

TEST(RemoteRules, CryptoIsRefused) {
  EXPECT_NE(load_error("SecRemoteRules crypto key https://127.0.0.1/rules.conf\n")
                .find("crypto (v2's encrypted download) is not supported"),
            std::string::npos);
  EXPECT_NE(load_error("SecRemoteRules crypt key https://127.0.0.1/rules.conf\n")
                .find("optional first argument is 'crypto'"),
            std::string::npos);
}

// Port 1 on loopback refuses at once: a download failure without waiting for a timeout.
TEST(RemoteRules, FailureAbortsByDefault) {
  std::string err = load_error("SecRemoteRules key https://127.0.0.1:1/rules.conf\n");
  EXPECT_NE(err.find("/rules/test.conf:1: SecRemoteRules: cannot download "
                     "https://127.0.0.1:1/rules.conf"),
            std::string::npos)
      << err;
}

TEST(RemoteRules, FailActionWarnGoesOn) {
  Config c;
  auto err = c.load_string(
      "SecRemoteRulesFailAction Warn\nSecRemoteRules key https://127.0.0.1:1/rules.conf\n"
      "SecRule ARGS \"@rx x\" \"id:1,phase:1,pass\"\n",
      "/rules/test.conf");
  EXPECT_FALSE(err.has_value()) << err->to_string();
  EXPECT_EQ(c.rule_count(), 1u);
  ASSERT_EQ(c.warnings().size(), 1u);
  EXPECT_NE(c.warnings()[0].to_string().find("/rules/test.conf:2: warning: SecRemoteRules: "
                                             "cannot download"),
            std::string::npos);
}

TEST(RemoteRules, FailActionTakesAbortOrWarn) {
  EXPECT_NE(load_error("SecRemoteRulesFailAction Ignore\n").find("takes Abort or Warn"),
            std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
