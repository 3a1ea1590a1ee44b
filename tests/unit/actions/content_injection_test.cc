// prepend and append (SecContentInjection), alone and on compressed responses.
#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

std::string gzip(const std::string& data) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
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

Request page(std::string body, std::string encoding = "") {
  Request r;
  r.response_body = std::move(body);
  if (!encoding.empty()) r.response_headers.emplace_back("Content-Encoding", encoding);
  return r;
}

const std::string kInject =
    "SecContentInjection On\n"
    "SecAction \"id:1,phase:1,pass,nolog,setvar:tx.who=rampart\"\n"
    "SecRule RESPONSE_STATUS \"@streq 200\" "
    "\"id:2,phase:3,pass,nolog,prepend:'<!-- by %{tx.who} -->',append:'<!-- end -->'\"\n";

TEST(ContentInjection, PrependAndAppendWithMacros) {
  Outcome o = run_rules(kInject, page("<html></html>"));
  ResponseChanges c = o.ex->tx().response_changes();
  EXPECT_EQ(c.prepend, "<!-- by rampart -->");
  EXPECT_EQ(c.append, "<!-- end -->");
  EXPECT_FALSE(c.replace);
}

TEST(ContentInjection, OffByDefault) {
  Outcome o = run_rules(
      "SecRule RESPONSE_STATUS \"@streq 200\" "
      "\"id:2,phase:3,pass,nolog,prepend:x,append:y\"\n",
      page("<html></html>"));
  EXPECT_FALSE(o.ex->tx().response_changes().any());
}

TEST(ContentInjection, LastValueWins) {
  Outcome o = run_rules(kInject + "SecAction \"id:3,phase:4,pass,nolog,append:'<!-- later -->'\"\n",
                        page("<html></html>"));
  EXPECT_EQ(o.ex->tx().response_changes().append, "<!-- later -->");
}

TEST(ContentInjection, CompressedBodyIsSentDecoded) {
  Outcome o =
      run_rules("SecResponseBodyAccess On\n" + kInject, page(gzip("<html>hi</html>"), "gzip"));
  ResponseChanges c = o.ex->tx().response_changes();
  EXPECT_TRUE(c.replace);
  EXPECT_TRUE(c.decoded);
  EXPECT_EQ(c.body, "<html>hi</html>");
  EXPECT_EQ(c.prepend, "<!-- by rampart -->");
}

TEST(ContentInjection, CompressedBodyNotDecodedIsLeftAlone) {
  // Not buffered (SecResponseBodyAccess Off): the gzip bytes cannot take text around them.
  Outcome o = run_rules(kInject, page(gzip("<html>hi</html>"), "gzip"));
  EXPECT_FALSE(o.ex->tx().response_changes().any());
  Outcome br = run_rules("SecResponseBodyAccess On\n" + kInject, page("\x0b\x02\x80", "br"));
  EXPECT_FALSE(br.ex->tx().response_changes().any());
}

}  // namespace
}  // namespace rampart::testing
