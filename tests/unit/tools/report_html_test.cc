// The HTML report: self-contained, escaped, bounded.
#include "log/report_html.h"

#include "logtool_helpers.h"

namespace rampart::logtool::testing {
namespace {

TEST(HtmlReport, ContainsChartTablesAndTransactions) {
  Summary s(60);
  HtmlReport report(10);
  for (const auto& e : read_path(fixture("v2-serial-native.log")).entries) {
    s.add(e);
    report.add(e);
  }
  std::string html = report.render(s, {"audit.log"}, 10);
  EXPECT_NE(html.find("<svg id=\"timeline\""), std::string::npos);
  EXPECT_NE(html.find("id=\"top-rules\""), std::string::npos);
  EXPECT_NE(html.find("<a class=\"f\">1000</a>"), std::string::npos);
  EXPECT_NE(html.find("id=\"tx-axEhafDiSSJZ22t_QffA_gAAAAQ\""), std::string::npos);
  // Nothing is fetched: no external URL in src= or href=.
  EXPECT_EQ(html.find("src=\"http"), std::string::npos);
  EXPECT_EQ(html.find("href=\"http"), std::string::npos);
}

TEST(HtmlReport, EscapesPayloads) {
  auto r = read_text(native_entry("aaaaaaaa", "X<script>", "03/Dec/2026:07:59:37 +0000",
                                  "Warning. x [id \"1\"] [msg \"<img src=x onerror=alert(1)>\"]"));
  ASSERT_EQ(r.entries.size(), 1u);
  Summary s;
  HtmlReport report;
  s.add(r.entries[0]);
  report.add(r.entries[0]);
  std::string html = report.render(s, {"<b>"}, 10);
  EXPECT_EQ(html.find("<img src=x"), std::string::npos);
  EXPECT_EQ(html.find("X<script>"), std::string::npos);
  EXPECT_NE(html.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
}

TEST(HtmlReport, KeepsOnlyTheLastN) {
  HtmlReport report(3);
  Summary s;
  for (int i = 0; i < 10; ++i) {
    auto r = read_text(native_entry("aaaaaaaa", "ID" + std::to_string(i)));
    s.add(r.entries[0]);
    report.add(r.entries[0]);
  }
  std::string html = report.render(s, {}, 10);
  EXPECT_EQ(html.find("id=\"tx-ID6\""), std::string::npos);
  EXPECT_NE(html.find("id=\"tx-ID7\""), std::string::npos);
  EXPECT_NE(html.find("id=\"tx-ID9\""), std::string::npos);
}

}  // namespace
}  // namespace rampart::logtool::testing
