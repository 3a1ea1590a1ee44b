// rampart replay's readers: raw HTTP, HAR and audit-log entries become the requests mod_rampart
// would have seen (tools/replay/).
#include <gtest/gtest.h>

#include "log/entry.h"
#include "replay/audit_entry.h"
#include "replay/har.h"
#include "replay/raw_http.h"
#include "replay/request.h"

namespace rampart::replay {
namespace {

TEST(ReplayTarget, OriginAndAbsoluteForms) {
  std::string path, query, authority;
  split_target("/a/b?x=1&y=2#frag", path, query, authority);
  EXPECT_EQ(path, "/a/b");
  EXPECT_EQ(query, "x=1&y=2");
  EXPECT_EQ(authority, "");
  split_target("https://shop.example:8443/cart?id=3", path, query, authority);
  EXPECT_EQ(path, "/cart");
  EXPECT_EQ(query, "id=3");
  EXPECT_EQ(authority, "shop.example:8443");
  split_target("http://shop.example", path, query, authority);
  EXPECT_EQ(path, "/");
  EXPECT_EQ(query, "");
  split_target("http://shop.example?q=1", path, query, authority);
  EXPECT_EQ(path, "/");
  EXPECT_EQ(query, "q=1");
}

TEST(ReplayTarget, ServerPathIsDecodedAndNormalised) {
  EXPECT_EQ(server_path("/a/./b/../c"), "/a/c");
  EXPECT_EQ(server_path("/a//b%2Fc"), "/a/b/c");
  EXPECT_EQ(server_path("/%2e%2e/%2e%2e/etc/passwd"), "/etc/passwd");
  EXPECT_EQ(server_path("/dir/"), "/dir/");
  EXPECT_EQ(server_path("/dir/.."), "/");
  EXPECT_EQ(server_path("/100%"), "/100%");
  EXPECT_EQ(server_path(""), "/");
}

TEST(ReplayRaw, SeveralRequestsWithEveryKindOfBody) {
  std::string text =
      "GET /?q=1 HTTP/1.1\r\nHost: a.example\r\nX-Long: one\r\n two\r\n\r\n"
      "POST /form HTTP/1.1\r\nHost: a.example\r\nContent-Length: 7\r\n\r\nx=1&y=2"
      "POST /chunked HTTP/1.1\r\nHost: a.example\r\nTransfer-Encoding: chunked\r\n\r\n"
      "3\r\nab=\r\n2;ext=1\r\ncd\r\n0\r\nTrailer: t\r\n\r\n"
      "POST /hand HTTP/1.0\nContent-Type: application/json\n\n{\"a\": 1}\n";
  std::vector<Request> out;
  EXPECT_EQ(parse_raw_requests(text, "reqs.http", out), "");
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].method, "GET");
  EXPECT_EQ(out[0].target, "/?q=1");
  EXPECT_EQ(out[0].line, 1u);
  EXPECT_EQ(*out[0].header("x-long"), "one two");  // folded
  EXPECT_EQ(out[1].body, "x=1&y=2");
  EXPECT_EQ(out[1].line, 6u);
  EXPECT_EQ(out[2].body, "ab=cd");
  EXPECT_EQ(out[2].where(), "reqs.http:10");
  EXPECT_EQ(out[3].protocol, "HTTP/1.0");
  EXPECT_EQ(out[3].body, "{\"a\": 1}");              // the file's last newline is not body
  EXPECT_EQ(*out[3].header("Content-Length"), "8");  // added, as a client would send it
}

TEST(ReplayRaw, ErrorsSayWhere) {
  std::vector<Request> out;
  EXPECT_EQ(parse_raw_requests("GET / HTTP/1.1\nHost x\n\n", "f", out),
            "line 2: expected a header line (Name: value), found 'Host x'");
  out.clear();
  EXPECT_EQ(parse_raw_requests("hello\n", "f", out),
            "line 1: expected a request line (METHOD target HTTP/1.1), found 'hello'");
  out.clear();
  EXPECT_EQ(parse_raw_requests("POST / HTTP/1.1\nContent-Length: 10\n\nabc", "f", out),
            "f:1: the body ends after 3 of 10 bytes");
  ASSERT_EQ(out.size(), 1u);  // kept, with what there is
  EXPECT_EQ(out[0].body, "abc");
}

TEST(ReplayHar, RequestsAndResponses) {
  const char* har = R"({"log": {"version": "1.2", "entries": [
    {"request": {"method": "GET", "url": "https://shop.example/search?q=shoes#top",
                 "httpVersion": "h2",
                 "headers": [{"name": ":authority", "value": "shop.example"},
                             {"name": "user-agent", "value": "Mozilla/5.0"}]},
     "response": {"status": 200, "statusText": "OK", "httpVersion": "h2",
                  "headers": [{"name": "content-type", "value": "text/html"}],
                  "content": {"mimeType": "text/html", "text": "PGI+aGk8L2I+", "encoding": "base64"}},
     "serverIPAddress": "[2001:db8::1]"},
    {"request": {"method": "POST", "url": "http://shop.example/login", "httpVersion": "HTTP/1.1",
                 "headers": [],
                 "postData": {"mimeType": "application/x-www-form-urlencoded",
                              "params": [{"name": "user", "value": "bob"}, {"name": "pw", "value": "x"}]}},
     "response": {"status": 0}}
  ]}})";
  ASSERT_TRUE(looks_like_har(har));
  std::vector<Request> out;
  EXPECT_EQ(parse_har(har, "s.har", out), "");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].target, "/search?q=shoes");
  EXPECT_EQ(out[0].protocol, "HTTP/2.0");
  EXPECT_EQ(out[0].headers[0].first, "Host");  // from :authority, pseudo-headers dropped
  EXPECT_EQ(out[0].headers[0].second, "shop.example");
  EXPECT_EQ(out[0].headers.size(), 2u);
  EXPECT_EQ(out[0].server_ip, "2001:db8::1");
  EXPECT_EQ(out[0].response.status, 200);
  EXPECT_EQ(out[0].response.body, "<b>hi</b>");
  EXPECT_EQ(out[1].body, "user=bob&pw=x");
  EXPECT_EQ(*out[1].header("Host"), "shop.example");  // from the URL
  EXPECT_EQ(*out[1].header("Content-Length"), "13");
  EXPECT_EQ(out[1].response.status, 0);  // no response: phases 3 and 4 are not run
  EXPECT_EQ(out[1].where(), "s.har:2");
}

TEST(ReplayHar, NotAHar) {
  std::vector<Request> out;
  EXPECT_FALSE(looks_like_har("{\"transaction\": {}}"));
  EXPECT_EQ(parse_har("{\"log\": {}}", "x", out), "log.entries is missing: not a HAR file");
  EXPECT_NE(parse_har("{\"log\": ", "x", out).find("not valid JSON"), std::string::npos);
}

// As ModSecurity v2.9.7 writes it (one newline after each body part).
TEST(ReplayAuditEntry, NativeParts) {
  logtool::Entry e;
  e.source = "audit.log";
  e.line = 7;
  e.client_ip = "127.0.0.2";
  e.client_port = 41938;
  e.raw =
      "--bd4f1a45-A--\n[04/Dec/2026:17:25:20 +0000] id 127.0.0.2 41938 127.0.0.1 80\n"
      "--bd4f1a45-B--\nPOST /index.html HTTP/1.1\nHost: 127.0.0.1:39781\n"
      "Content-Type: application/x-www-form-urlencoded\nContent-Length: 19\n\n"
      "--bd4f1a45-C--\nsurname=Smith%27;--\n"
      "--bd4f1a45-F--\nHTTP/1.1 403 Forbidden\nContent-Type: text/html\n\n"
      "--bd4f1a45-E--\n<html>\n</html>\n\n"
      "--bd4f1a45-H--\nMessage: x\n\n--bd4f1a45-Z--\n\n";
  Request r;
  EXPECT_EQ(request_from_entry(e, r), "");
  EXPECT_EQ(r.method, "POST");
  EXPECT_EQ(r.target, "/index.html");
  EXPECT_EQ(r.headers.size(), 3u);
  EXPECT_EQ(r.body, "surname=Smith%27;--");
  EXPECT_EQ(r.client_ip, "127.0.0.2");
  EXPECT_EQ(r.response.status, 403);
  EXPECT_EQ(r.response.status_line, "403 Forbidden");
  EXPECT_EQ(r.response.body, "<html>\n</html>\n");
  EXPECT_EQ(r.where(), "audit.log:7");
}

TEST(ReplayAuditEntry, JsonAndMissingParts) {
  logtool::Entry e;
  e.format = logtool::Format::kJson;
  e.raw = R"({"transaction": {}, "request": {"request_line": "POST /a?b=1 HTTP/1.1",
    "headers": {"Host": "h", "Content-Length": "3"}, "body": ["x=", "1"]},
    "response": {"protocol": "HTTP/1.1", "status": 200, "headers": {}, "body": "ok"}})";
  Request r;
  EXPECT_EQ(request_from_entry(e, r), "");
  EXPECT_EQ(r.target, "/a?b=1");
  EXPECT_EQ(r.body, "x=1");
  EXPECT_EQ(r.response.body, "ok");

  logtool::Entry native;
  native.raw = "--ab-A--\n[x] id 1.2.3.4 1 5.6.7.8 80\n--ab-H--\n\n--ab-Z--\n";
  Request n;
  EXPECT_EQ(request_from_entry(native, n),
            "the entry has no part B (request line and headers): not replayable");
  native.raw_dropped = 10;
  EXPECT_NE(request_from_entry(native, n).find("larger than the replay keeps"), std::string::npos);
}

}  // namespace
}  // namespace rampart::replay
