// Audit log parts I and J, against what ModSecurity v2.9.7 writes for the same multipart body:
// I is the fields as an x-www-form-urlencoded body (files left out), J one line per file and a
// total; for a body that is not multipart, I is written as part C and J not at all. The JSON
// entry carries the same as request.fake_body and uploads.
#include "audit_test_util.h"

namespace rampart::testing {
namespace {

const char* kRules = "SecRuleEngine On\nSecRequestBodyAccess On\n";

Request upload() {
  Request r;
  r.method = "POST";
  r.headers.emplace_back("Content-Type", "multipart/form-data; boundary=b");
  r.body =
      "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx y&z=1\r\n"
      "--b\r\nContent-Disposition: form-data; name=\"f1\"; filename=\"a.txt\"\r\n"
      "Content-Type: text/plain\r\n\r\nHELLO\r\n"
      "--b\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\n2\r\n"
      "--b\r\nContent-Disposition: form-data; name=\"f2\"; filename=\"b.bin\"\r\n\r\nSECOND\r\n"
      "--b--\r\n";
  return r;
}

TEST(AuditUploads, PartIIsTheFieldsUrlencodedWithoutFiles) {
  auto cfg = load_rules(kRules);
  Exchange ex(*cfg, upload());
  ex.run();
  std::string e = native(ex, final_response(200, "200 OK"), "AIZ");
  EXPECT_TRUE(has(e, "\n--0badc0de-I--\na=x+y%26z%3d1&b=2\n--0badc0de-Z--\n")) << e;
  EXPECT_FALSE(has(e, "HELLO")) << e;
  EXPECT_FALSE(has(e, "-C--")) << e;
}

TEST(AuditUploads, PartJListsTheFiles) {
  auto cfg = load_rules(kRules);
  Exchange ex(*cfg, upload());
  ex.run();
  std::string e = native(ex, final_response(200, "200 OK"), "AJZ");
  // v2 numbers the parts from 1; it prints "<Unknown ContentType>" even for a part that has one,
  // Rampart gives the part's Content-Type when there is one.
  EXPECT_TRUE(has(e,
                  "\n--0badc0de-J--\n2,5,\"a.txt\",\"text/plain\"\n"
                  "4,6,\"b.bin\",\"<Unknown ContentType>\"\nTotal,11\n\n--0badc0de-Z--\n"))
      << e;
}

TEST(AuditUploads, OtherBodiesGoToPartCAndHaveNoPartJ) {
  auto cfg = load_rules(kRules);
  Exchange ex(*cfg, post_form("q=1&r=2"));
  ex.run();
  std::string e = native(ex, final_response(200, "200 OK"), "AIJZ");
  EXPECT_TRUE(has(e, "\n--0badc0de-C--\nq=1&r=2\n--0badc0de-Z--\n")) << e;
  EXPECT_FALSE(has(e, "-I--")) << e;
  EXPECT_FALSE(has(e, "-J--")) << e;
}

TEST(AuditUploads, JsonHasFakeBodyAndUploads) {
  auto cfg = load_rules(kRules);
  Exchange ex(*cfg, upload());
  ex.run();
  std::string e = json(ex, final_response(200, "200 OK"), "AIJZ");
  EXPECT_TRUE(has(e, "\"fake_body\":\"a=x+y%26z%3d1&b=2\"")) << e;
  EXPECT_TRUE(has(e,
                  "\"uploads\":{\"info\":[{\"file_size\":5,\"file_name\":\"a.txt\","
                  "\"content_type\":\"text/plain\"},{\"file_size\":6,\"file_name\":\"b.bin\","
                  "\"content_type\":\"<Unknown ContentType>\"}],\"total\":11}"))
      << e;
}

}  // namespace
}  // namespace rampart::testing
