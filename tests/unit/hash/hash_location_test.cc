// HashLocation: the Location header of a redirect is signed like a link (not when the request
// was denied), and the signed URL passes @validateHash when the client follows it.
#include "engine_fixture.h"
#include "hash/hash_engine.h"

namespace rampart::testing {
namespace {

const std::string kRules =
    "SecRuleEngine On\n"
    "SecHashEngine On\nSecHashKey s3cret KeyOnly\nSecHashParam hmac\n"
    "SecHashMethodRx HashLocation \"^/shop/|cart\"\n"
    "SecRule REQUEST_URI \"@validateHash /shop/cart\" \"id:1000,phase:2,t:none,deny,status:403\"\n";

std::string mac(const std::string& path) {
  return hash::hmac_sha1_hex("s3cret", path);
}

// The Location the client gets for a 302 to `location` from /shop/index.html.
std::string redirect_to(const Config& config, const std::string& location) {
  Request r = get("");
  r.path = "/shop/index.html";
  r.response_status = 302;
  r.response_headers = {{"Location", location}};
  Exchange ex(config, r);
  ex.run();
  return ex.tx().signed_location();
}

TEST(HashLocation, SelectedLocationIsSigned) {
  auto config = load_rules(kRules);
  EXPECT_EQ(redirect_to(*config, "/shop/cart.php?id=3"),
            "/shop/cart.php?id=3&hmac=" + mac("/shop/cart.php?id=3"));
  // Relative and absolute URLs on our host are signed over their absolute path.
  EXPECT_EQ(redirect_to(*config, "cart.php"), "cart.php?hmac=" + mac("/shop/cart.php"));
  EXPECT_EQ(redirect_to(*config, "http://www.example.com/shop/cart#top"),
            "http://www.example.com/shop/cart?hmac=" + mac("/shop/cart") + "#top");
}

TEST(HashLocation, OtherLocationsAreLeftAlone) {
  auto config = load_rules(kRules);
  EXPECT_EQ(redirect_to(*config, "/about.html"), "");                     // not selected
  EXPECT_EQ(redirect_to(*config, "http://elsewhere.example/shop/"), "");  // another host
  auto off = load_rules(kRules + "SecHashEngine Off\n");
  EXPECT_EQ(redirect_to(*off, "/shop/cart.php"), "");
  auto href_only = load_rules(
      "SecRuleEngine On\nSecHashEngine On\nSecHashKey k KeyOnly\nSecHashMethodRx HashHref x\n");
  EXPECT_EQ(redirect_to(*href_only, "/x"), "");  // HashHref does not sign Location
}

TEST(HashLocation, TheSignedLocationValidates) {
  auto config = load_rules(kRules);
  std::string signed_url = redirect_to(*config, "/shop/cart.php?id=3");
  Request follow = get(signed_url.substr(signed_url.find('?') + 1));
  follow.path = "/shop/cart.php";
  Exchange ok(*config, follow);
  EXPECT_FALSE(ok.run().disruptive());
  Request forged = get("id=4&hmac=" + mac("/shop/cart.php?id=3"));
  forged.path = "/shop/cart.php";
  Exchange tampered(*config, forged);
  EXPECT_EQ(tampered.run().status, 403);
}

}  // namespace
}  // namespace rampart::testing
