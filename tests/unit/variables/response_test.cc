// RESPONSE_STATUS, RESPONSE_PROTOCOL and RESPONSE_BODY.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

Request answered(int status, std::string body = "") {
  Request r;
  r.response_status = status;
  r.response_body = std::move(body);
  return r;
}

TEST(ResponseStatus, FromPhase3) {
  EXPECT_EQ(seen("RESPONSE_STATUS", answered(404), 3), "[RESPONSE_STATUS=404]");
  EXPECT_EQ(seen("RESPONSE_STATUS", answered(404), 5), "[RESPONSE_STATUS=404]");
  EXPECT_EQ(seen("RESPONSE_PROTOCOL", answered(200), 3), "[RESPONSE_PROTOCOL=HTTP/1.1]");
}

TEST(ResponseBody, BufferedWhenAccessIsOn) {
  EXPECT_EQ(
      seen("RESPONSE_BODY", answered(200, "<html>secret</html>"), 4, "SecResponseBodyAccess On\n"),
      "[RESPONSE_BODY=<html>secret</html>]");
}

TEST(ResponseBody, LimitKeepsTheFirstBytes) {
  EXPECT_EQ(seen("RESPONSE_BODY", answered(200, "0123456789"), 4,
                 "SecResponseBodyAccess On\nSecResponseBodyLimit 4\n"
                 "SecResponseBodyLimitAction ProcessPartial\n"),
            "[RESPONSE_BODY=0123]");
}

TEST(ResponseBody, NotBufferedWhenAccessIsOff) {
  EXPECT_EQ(seen("RESPONSE_BODY", answered(200, "<html>secret</html>"), 4), "[RESPONSE_BODY=]");
}

}  // namespace
}  // namespace rampart::testing
