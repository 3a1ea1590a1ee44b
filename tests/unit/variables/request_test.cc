// Request-line, URI, connection and request-body variables.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

Request at(std::string path, std::string query = "") {
  Request r;
  r.path = std::move(path);
  r.query = std::move(query);
  return r;
}

struct RequestCase {
  const char* name;
  std::string target;
  Request req;
  std::string expected;
};

class RequestVariables : public ::testing::TestWithParam<RequestCase> {};

TEST_P(RequestVariables, Values) {
  EXPECT_EQ(seen(GetParam().target, GetParam().req), GetParam().expected) << GetParam().target;
}

INSTANTIATE_TEST_SUITE_P(
    V2, RequestVariables,
    ::testing::Values(
        RequestCase{"RequestUriPathAndQuery", "REQUEST_URI", at("/a%20b/c.php", "x=%41"),
                    "[REQUEST_URI=/a%20b/c.php?x=%41]"},
        RequestCase{"RequestUriNoQuery", "REQUEST_URI", at("/index.html"),
                    "[REQUEST_URI=/index.html]"},
        RequestCase{"RequestUriRaw", "REQUEST_URI_RAW", at("/a%20b", "x=1"),
                    "[REQUEST_URI_RAW=/a%20b?x=1]"},
        RequestCase{"RequestFilenameIsRaw", "REQUEST_FILENAME", at("/a%20b/c%2ephp", "x=1"),
                    "[REQUEST_FILENAME=/a%20b/c%2ephp]"},
        RequestCase{"RequestBasenameAfterSlash", "REQUEST_BASENAME", at("/dir/sub/file.php"),
                    "[REQUEST_BASENAME=file.php]"},
        RequestCase{"RequestBasenameAfterBackslash", "REQUEST_BASENAME", at("/dir/sub\\file.php"),
                    "[REQUEST_BASENAME=file.php]"},
        RequestCase{"RequestBasenameEncodedSlashIsNotASeparator", "REQUEST_BASENAME",
                    at("/dir/a%2fb.php"), "[REQUEST_BASENAME=a%2fb.php]"},
        RequestCase{"RequestBasenameOfDirectory", "REQUEST_BASENAME", at("/dir/"),
                    "[REQUEST_BASENAME=]"},
        RequestCase{"QueryString", "QUERY_STRING", at("/", "a=1&b=%20"),
                    "[QUERY_STRING=a=1&b=%20]"},
        RequestCase{"QueryStringEmpty", "QUERY_STRING", at("/"), "[QUERY_STRING=]"},
        RequestCase{"RequestLine", "REQUEST_LINE", at("/p", "q=1"),
                    "[REQUEST_LINE=GET /p?q=1 HTTP/1.1]"},
        RequestCase{"RequestMethod", "REQUEST_METHOD", at("/"), "[REQUEST_METHOD=GET]"},
        RequestCase{"RequestProtocol", "REQUEST_PROTOCOL", at("/"), "[REQUEST_PROTOCOL=HTTP/1.1]"},
        RequestCase{"RemoteAddr", "REMOTE_ADDR", at("/"), "[REMOTE_ADDR=192.0.2.10]"},
        RequestCase{"RemotePort", "REMOTE_PORT", at("/"), "[REMOTE_PORT=51234]"},
        RequestCase{"ServerAddr", "SERVER_ADDR", at("/"), "[SERVER_ADDR=127.0.0.1]"},
        RequestCase{"ServerPort", "SERVER_PORT", at("/"), "[SERVER_PORT=80]"},
        RequestCase{"ServerName", "SERVER_NAME", at("/"), "[SERVER_NAME=www.example.com]"},
        RequestCase{"UniqueId", "UNIQUE_ID", at("/"), "[UNIQUE_ID=TESTID]"}),
    [](const auto& info) { return std::string(info.param.name); });

Request post(std::string content_type, std::string body) {
  Request r;
  r.method = "POST";
  r.headers.emplace_back("Content-Type", std::move(content_type));
  r.body = std::move(body);
  return r;
}

TEST(RequestBody, FilledForUrlencoded) {
  EXPECT_EQ(seen("REQUEST_BODY", post_form("a=1&b=%41")), "[REQUEST_BODY=a=1&b=%41]");
  EXPECT_EQ(seen("REQUEST_BODY", post("application/x-www-form-urlencoded; charset=UTF-8", "a=1")),
            "[REQUEST_BODY=a=1]");
}

TEST(RequestBody, EmptyForOtherTypesAsInV2) {
  // v2 fills REQUEST_BODY only for URLENCODED (or ctl:forceRequestBodyVariable=On).
  EXPECT_EQ(seen("REQUEST_BODY", post("text/plain", "hello")), "<unset>");
  EXPECT_EQ(seen("REQUEST_BODY", post("application/octet-stream", "hello")), "<unset>");
}

TEST(RequestBody, LengthIsAlwaysSet) {
  EXPECT_EQ(seen("REQUEST_BODY_LENGTH", post("text/plain", "hello")), "[REQUEST_BODY_LENGTH=5]");
  EXPECT_EQ(seen("REQUEST_BODY_LENGTH", get("")), "[REQUEST_BODY_LENGTH=0]");
}

TEST(RequestBody, ProcessorAndError) {
  EXPECT_EQ(seen("REQBODY_PROCESSOR", post_form("a=1")), "[REQBODY_PROCESSOR=URLENCODED]");
  EXPECT_EQ(seen("REQBODY_ERROR", post_form("a=1")), "[REQBODY_ERROR=0]");
}

TEST(RequestBodyV2, ProcessorIsEmptyWhenNoneRan) {
  EXPECT_EQ(seen("REQBODY_PROCESSOR", post("text/plain", "hello")), "[REQBODY_PROCESSOR=]");
  Outcome o = run_rules(
      "SecRule REQBODY_PROCESSOR \"!@rx (?:URLENCODED|MULTIPART|XML|JSON)\" "
      "\"id:901340,phase:1,pass,nolog,setvar:tx.force=1\"\n",
      post("text/plain", "hello"));
  EXPECT_EQ(o.tx("force"), "1");
}

TEST(RequestBodyV2, ErrorMsgIsEmptyWithoutError) {
  EXPECT_EQ(seen("REQBODY_ERROR_MSG", post_form("a=1")), "[REQBODY_ERROR_MSG=]");
}

}  // namespace
}  // namespace rampart::testing
