// SecHashEngine: HMAC-SHA1, link signing in the response body, @validateHash on the way back,
// ctl:hashEngine / ctl:hashEnforcement and the directives' errors.
#include "hash/hash_engine.h"
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

TEST(HmacSha1, Rfc2202Vectors) {
  EXPECT_EQ(hash::hmac_sha1_hex(std::string(20, '\x0b'), "Hi There"),
            "b617318655057264e28bc0b6fb378c8ef146be00");
  EXPECT_EQ(hash::hmac_sha1_hex("Jefe", "what do ya want for nothing?"),
            "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79");
  EXPECT_EQ(hash::hmac_sha1_hex(std::string(80, '\xaa'),
                                "Test Using Larger Than Block-Size Key - Hash Key First"),
            "aa4ae5e15272d00e95705637ce8a3b55ed402112");
}

const std::string kHash =
    "SecRuleEngine On\nSecResponseBodyAccess On\n"
    "SecHashEngine On\nSecHashKey s3cret KeyOnly\nSecHashParam hmac\n"
    "SecHashMethodRx HashHref \"product\"\nSecHashMethodPm HashFormAction \"buy.php\"\n"
    "SecRule REQUEST_URI \"@validateHash /shop/(product|buy)\" "
    "\"id:1000,phase:2,t:none,deny,status:403,msg:'HashEngine: Invalid request'\"\n";

std::string mac(const std::string& path) {
  return hash::hmac_sha1_hex("s3cret", path);
}

// The page /shop/index.html as the client gets it.
std::string served_page(const Config& config, const std::string& html) {
  Request r = get("");
  r.path = "/shop/index.html";
  r.response_body = html;
  Exchange ex(config, r);
  ex.run();
  ResponseChanges c = ex.tx().response_changes();
  return c.replace ? std::string(c.body) : html;
}

TEST(HashEngine, SignsSelectedLinksOnly) {
  auto config = load_rules(kHash);
  std::string page = served_page(
      *config,
      "<p><a href=\"product.php?id=3\">x</a> <A HREF='/other.php'>y</A>"
      " <a class=b href=product.php#top>z</a> <form method=post action=\"buy.php\"></form>"
      " <a href=\"http://elsewhere.example/product\">w</a> <a href=\"mailto:product@x\">m</a>");
  EXPECT_EQ(page, "<p><a href=\"product.php?id=3&hmac=" + mac("/shop/product.php?id=3") +
                      "\">x</a> <A HREF='/other.php'>y</A> <a class=b href=product.php?hmac=" +
                      mac("/shop/product.php") +
                      "#top>z</a> <form method=post action=\"buy.php?hmac=" + mac("/shop/buy.php") +
                      "\"></form> <a href=\"http://elsewhere.example/product\">w</a> <a "
                      "href=\"mailto:product@x\">m</a>");
}

TEST(HashEngine, ResolvesDotSegmentsAndOwnHost) {
  auto config = load_rules(kHash);
  std::string page = served_page(*config,
                                 "<a href=\"../shop/./product.php?a=1&amp;b=2\">"
                                 "<a href=\"http://www.example.com/shop/product.php\">");
  EXPECT_EQ(
      page,
      "<a href=\"../shop/./product.php?a=1&amp;b=2&amp;hmac=" + mac("/shop/product.php?a=1&b=2") +
          "\"><a href=\"http://www.example.com/shop/product.php?hmac=" + mac("/shop/product.php") +
          "\">");
}

int status_of(const Config& config, const std::string& path, const std::string& query) {
  Request r = get(query);
  r.path = path;
  Exchange ex(config, r);
  return ex.run().status;
}

TEST(ValidateHash, AcceptsSignedAndRejectsTampered) {
  auto config = load_rules(kHash);
  std::string good = mac("/shop/product.php?id=3");
  EXPECT_EQ(status_of(*config, "/shop/product.php", "id=3&hmac=" + good), 0);
  EXPECT_EQ(status_of(*config, "/shop/product.php", "id=4&hmac=" + good), 403);     // tampered
  EXPECT_EQ(status_of(*config, "/shop/product.php", "id=3"), 403);                  // unsigned
  EXPECT_EQ(status_of(*config, "/shop/product.php", "hmac=" + good + "&id=3"), 0);  // moved
  EXPECT_EQ(status_of(*config, "/public/page.php", "id=3"), 0);                     // not protected
}

TEST(ValidateHash, Messages) {
  auto config = load_rules(kHash);
  Request r = get("id=3");
  r.path = "/shop/product.php";
  Exchange ex(*config, r);
  ex.run();
  EXPECT_TRUE(
      ex.log().contains("Request URI matched \"/shop/(product|buy)\" at REQUEST_URI. No "
                        "Hash parameter"));
  Request t = get("id=3&hmac=0000");
  t.path = "/shop/product.php";
  Exchange ex2(*config, t);
  ex2.run();
  EXPECT_TRUE(ex2.log().contains("Hash parameter hash value = [0000] Requested URI hash value = [" +
                                 mac("/shop/product.php?id=3") + "]"));
}

TEST(ValidateHash, KeyModesBindTheClient) {
  auto config = load_rules(
      "SecRuleEngine On\nSecHashEngine On\nSecHashKey k RemoteIP\n"
      "SecRule REQUEST_URI \"@validateHash ^/a\" \"id:1,phase:1,deny\"\n");
  // The fixture's client is 192.0.2.10.
  EXPECT_EQ(status_of(*config, "/a", "hmac=" + hash::hmac_sha1_hex("k192.0.2.10", "/a")), 0);
  EXPECT_EQ(status_of(*config, "/a", "hmac=" + hash::hmac_sha1_hex("k", "/a")), 403);
}

TEST(ValidateHash, OffOrNotEnforcedNeverMatches) {
  auto off = load_rules(kHash + "SecHashEngine Off\n");
  EXPECT_EQ(status_of(*off, "/shop/product.php", "id=3"), 0);
  auto ctl = load_rules(kHash + "SecAction \"id:1,phase:1,pass,nolog,ctl:hashEnforcement=Off\"\n");
  EXPECT_EQ(status_of(*ctl, "/shop/product.php", "id=3"), 0);
  auto ctl_engine =
      load_rules(kHash + "SecAction \"id:1,phase:1,pass,nolog,ctl:hashEngine=Off\"\n");
  EXPECT_EQ(status_of(*ctl_engine, "/shop/product.php", "id=3"), 0);
  EXPECT_EQ(served_page(*ctl_engine, "<a href=product.php>"), "<a href=product.php>");
}

TEST(HashDirectives, Errors) {
  EXPECT_EQ(load_error("SecHashMethodRx HashLocation \"x\"\n"), "");  // hash_location_test.cc
  EXPECT_NE(load_error("SecHashMethodRx HashImg \"x\"\n").find("takes HashHref"),
            std::string::npos);
  EXPECT_NE(load_error("SecHashMethodRx HashHref \"(x\"\n").find("invalid regular expression"),
            std::string::npos);
  EXPECT_NE(load_error("SecHashKey k Cookie\n").find("KeyOnly, SessionID or RemoteIP"),
            std::string::npos);
  EXPECT_NE(load_error("SecHashParam \"a=b\"\n").find("query parameter name"), std::string::npos);
  EXPECT_NE(load_error("SecHashEngine Maybe\n").find("SecHashEngine takes On or Off"),
            std::string::npos);
  EXPECT_EQ(load_error("SecHashKey rand SessionID\n"), "");
}

}  // namespace
}  // namespace rampart::testing
