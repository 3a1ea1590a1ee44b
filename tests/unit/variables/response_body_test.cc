// RESPONSE_CONTENT_TYPE, RESPONSE_CONTENT_LENGTH, STREAM_OUTPUT_BODY, and RESPONSE_BODY of a
// compressed response (decoded for phase 4); SecResponseBodyMimeTypesClear.
#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

std::string compress(const std::string& data, int window) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 6, Z_DEFLATED, window, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, data.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

Request page(std::string body, std::vector<std::pair<std::string, std::string>> headers = {}) {
  Request r;
  r.response_body = std::move(body);
  for (auto& h : headers) r.response_headers.push_back(std::move(h));
  return r;
}

const std::string kAccess = "SecResponseBodyAccess On\n";

TEST(ResponseContentType, FromPhase3WithParameters) {
  Request r;
  r.response_headers = {{"Content-Type", "text/html; charset=utf-8"}};
  EXPECT_EQ(seen("RESPONSE_CONTENT_TYPE", r, 3),
            "[RESPONSE_CONTENT_TYPE=text/html; charset=utf-8]");
  EXPECT_EQ(seen("RESPONSE_CONTENT_TYPE", r, 2), "<unset>");
}

TEST(ResponseContentLength, HeaderThenBody) {
  Request r = page("12345", {{"Content-Length", "5"}});
  EXPECT_EQ(seen("RESPONSE_CONTENT_LENGTH", r, 3), "[RESPONSE_CONTENT_LENGTH=5]");
  EXPECT_EQ(seen("RESPONSE_CONTENT_LENGTH", page("1234567"), 3), "[RESPONSE_CONTENT_LENGTH=0]");
  EXPECT_EQ(seen("RESPONSE_CONTENT_LENGTH", page("1234567"), 4, kAccess),
            "[RESPONSE_CONTENT_LENGTH=7]");
}

TEST(ResponseBody, GzipIsDecodedForInspection) {
  std::string html = "<html>SECRET-LEAK</html>";
  EXPECT_EQ(
      seen("RESPONSE_BODY", page(compress(html, 31), {{"Content-Encoding", "gzip"}}), 4, kAccess),
      "[RESPONSE_BODY=" + html + "]");
}

TEST(ResponseBody, DeflateBothForms) {
  std::string html = "<html>deflated</html>";
  for (int window : {15, -15}) {
    EXPECT_EQ(seen("RESPONSE_BODY", page(compress(html, window), {{"Content-Encoding", "deflate"}}),
                   4, kAccess),
              "[RESPONSE_BODY=" + html + "]")
        << window;
  }
}

TEST(ResponseBody, UnknownCodingIsInspectedAsIs) {
  EXPECT_EQ(seen("RESPONSE_BODY", page("raw-br-bytes", {{"Content-Encoding", "br"}}), 4, kAccess),
            "[RESPONSE_BODY=raw-br-bytes]");
}

TEST(ResponseBody, DamagedGzipIsReportedAndItsPrefixInspected) {
  std::string html;
  for (int i = 0; i < 3000; ++i) html += "<p>line " + std::to_string(i * 7919 % 10007) + "</p>";
  std::string z = compress(html, 31);
  z.resize(z.size() / 2);
  z += std::string(40, '\xff');
  Outcome o = run_rules(kAccess +
                            "SecRule RESPONSE_BODY \"@contains <p>line 7919</p>\" "
                            "\"id:1,phase:4,pass,log\"\n",
                        page(z, {{"Content-Encoding", "gzip"}}));
  EXPECT_TRUE(o.logged("ModSecurity: Output filter: Failed to decode the compressed response body"))
      << o.line(0);
  EXPECT_TRUE(o.logged("[id \"1\"]"));
}

TEST(ResponseBody, GzipBombHitsTheLimit) {
  std::string bomb = compress(std::string(32 << 20, 'A'), 31);
  Outcome o = run_rules(kAccess, page(bomb, {{"Content-Encoding", "gzip"}}));
  EXPECT_EQ(o.ex->state().response_body.size(), 524288u);  // v2's default SecResponseBodyLimit
  EXPECT_TRUE(o.ex->state().response_body_limited);
}

TEST(StreamOutputBody, OnlyWithItsDirective) {
  EXPECT_EQ(seen("STREAM_OUTPUT_BODY", page("<p>x</p>"), 4, kAccess), "<unset>");
  EXPECT_EQ(seen("STREAM_OUTPUT_BODY", page("<p>x</p>"), 4, "SecStreamOutBodyInspection On\n"),
            "[STREAM_OUTPUT_BODY=<p>x</p>]");
  // The stream alone buffers the body; RESPONSE_BODY still needs SecResponseBodyAccess.
  EXPECT_EQ(seen("RESPONSE_BODY", page("<p>x</p>"), 4, "SecStreamOutBodyInspection On\n"),
            "[RESPONSE_BODY=]");
}

TEST(ResponseMimeTypes, ClearDropsTheDefaultsAndTheParentList) {
  auto cleared = load_rules("SecResponseBodyMimeTypesClear\n");
  EXPECT_FALSE(cleared->settings().response_mime_type_inspected("text/html"));
  auto parent = load_rules("SecResponseBodyMimeType text/xml\n");
  auto child =
      load_rules("SecResponseBodyMimeTypesClear\nSecResponseBodyMimeType application/json\n");
  auto merged = Config::merge(*parent, *child);
  EXPECT_TRUE(merged->settings().response_mime_type_inspected("application/json"));
  EXPECT_FALSE(merged->settings().response_mime_type_inspected("text/xml"));
  auto plain_child = load_rules("SecResponseBodyMimeType application/json\n");
  auto added = Config::merge(*parent, *plain_child);
  EXPECT_TRUE(added->settings().response_mime_type_inspected("text/xml"));
  EXPECT_TRUE(added->settings().response_mime_type_inspected("application/json"));
}

TEST(ResponseDirectives, OnOffValues) {
  EXPECT_NE(load_error("SecContentInjection maybe").find("takes On or Off"), std::string::npos);
  auto c = load_rules(
      "SecContentInjection On\nSecStreamOutBodyInspection On\nSecDisableBackendCompression On\n");
  EXPECT_TRUE(c->settings().inject_content());
  EXPECT_TRUE(c->settings().inspect_stream_output());
  EXPECT_TRUE(c->settings().no_backend_compression());
  auto d = load_rules("");
  EXPECT_FALSE(d->settings().inject_content());
  EXPECT_FALSE(d->settings().inspect_stream_output());
  EXPECT_FALSE(d->settings().no_backend_compression());
}

}  // namespace
}  // namespace rampart::testing
