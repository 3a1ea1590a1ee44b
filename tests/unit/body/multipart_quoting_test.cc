// Content-Disposition quoting in the MULTIPART processor, as ModSecurity v2 reads it (checked
// side by side with v2.9.7): inside a quoted value a backslash escapes only '"' and '\'; before any
// other character it stays, so CRS 920120/920121 see the backslash in `filename="1.j\s\p"`.
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

const std::string kRules =
    "SecRuleEngine On\nSecRequestBodyAccess On\n"
    "SecRule FILES \"@rx ^1\\.j\\x5cs\\x5cp$\" \"id:1,phase:2,pass,nolog,setvar:tx.file=kept\"\n"
    "SecRule FILES_NAMES \"@rx ^cv\\.p\\x5cd\\x5cf$\" "
    "\"id:2,phase:2,pass,nolog,setvar:tx.name=kept\"\n"
    "SecRule ARGS_NAMES \"@rx ^q\\\"x\\x5cy$\" "
    "\"id:3,phase:2,pass,nolog,setvar:tx.arg=resolved\"\n";

Request multipart(std::string body) {
  Request r;
  r.method = "POST";
  r.headers.emplace_back("Content-Type", "multipart/form-data; boundary=BB");
  r.body = std::move(body);
  return r;
}

TEST(MultipartQuoting, BackslashBeforeOtherCharactersIsKept) {
  auto config = load_rules(kRules);
  Exchange ex(*config,
              multipart("--BB\r\nContent-Disposition: form-data; name=\"cv.p\\d\\f\"; "
                        "filename=\"1.j\\s\\p\"\r\n"
                        "Content-Type: application/octet-stream\r\n\r\nhello\r\n--BB--\r\n"));
  ex.run();
  EXPECT_EQ(ex.tx_var("file"), "kept");
  EXPECT_EQ(ex.tx_var("name"), "kept");
}

TEST(MultipartQuoting, BackslashEscapesQuoteAndBackslash) {
  auto config = load_rules(kRules);
  Exchange ex(*config, multipart("--BB\r\nContent-Disposition: form-data; name=\"q\\\"x\\\\y\"\r\n"
                                 "\r\nv\r\n--BB--\r\n"));
  ex.run();
  EXPECT_EQ(ex.tx_var("arg"), "resolved");
}

}  // namespace
}  // namespace rampart::testing
