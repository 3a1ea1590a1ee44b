// What `rampart log` prints: valid JSON whatever the log held, terminal-safe text.
#include "log/output.h"

#include "log/json.h"
#include "logtool_helpers.h"

namespace rampart::logtool::testing {
namespace {

TEST(Output, EntryJsonIsValidEvenForHostileBytes) {
  auto r =
      read_text(native_entry("aaaaaaaa", "ID1", "03/Dec/2026:07:59:37 +0000",
                             "Warning. x [id \"7\"] [msg \"\\xff\\x1b[31m\\\"q\"] [tag \"t\"]"));
  ASSERT_EQ(r.entries.size(), 1u);
  json::Value v;
  json::ParseError err;
  std::string line = entry_json(r.entries[0]);
  ASSERT_TRUE(json::parse(line, v, err)) << err.message << "\n" << line;
  EXPECT_EQ(v["rules"].items.at(0)["id"].str(), "7");
  EXPECT_EQ(v["uri"].str(), "/search?q=1");
  EXPECT_EQ(v["user_agent"].str(), "curl/8");
  EXPECT_EQ(v["time"].str(), "2026-12-03T07:59:37.000000+00:00");
}

TEST(Output, TextOutputNeutralisesControlBytes) {
  EXPECT_EQ(printable("a\x1b[31mb\n"), "a\\x1b[31mb\n");
  auto r = read_text(native_entry("aaaaaaaa", "ID1"));
  std::string full = entry_full_text(r.entries.at(0));
  EXPECT_NE(full.find("Request: GET /search?q=1 HTTP/1.1"), std::string::npos) << full;
  EXPECT_NE(full.find("--aaaaaaaa-Z--"), std::string::npos);  // the entry as written
  EXPECT_NE(table_row(r.entries[0]).find("passed"), std::string::npos);
}

}  // namespace
}  // namespace rampart::logtool::testing
