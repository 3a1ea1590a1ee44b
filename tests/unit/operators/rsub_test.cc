// @rsub on STREAM_OUTPUT_BODY: s/regex/replacement/[flags] with macros, groups, flags i and d;
// the rewritten text is what the connector sends (Transaction::response_changes).
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

Request page(std::string body) {
  Request r;
  r.response_body = std::move(body);
  return r;
}

const std::string kStream = "SecStreamOutBodyInspection On\n";

// Runs `rule` (a phase-4 rule on STREAM_OUTPUT_BODY) over `body`; returns what the client gets.
std::string rewritten(const std::string& rule, const std::string& body,
                      const std::string& setup = "") {
  Outcome o = run_rules(kStream + setup + rule, page(body));
  ResponseChanges c = o.ex->tx().response_changes();
  return c.replace ? std::string(c.body) : "<unchanged>";
}

std::string rsub(const std::string& param, const std::string& body, const std::string& setup = "") {
  return rewritten(
      "SecRule STREAM_OUTPUT_BODY \"@rsub " + param + "\" \"id:1,phase:4,t:none,pass,log\"\n", body,
      setup);
}

TEST(Rsub, ReplacesEveryMatch) {
  EXPECT_EQ(rsub("s/cat/dog/", "cat and cat and Cat"), "dog and dog and Cat");
}

TEST(Rsub, CaseInsensitiveFlag) {
  EXPECT_EQ(rsub("s/cat/dog/i", "cat and Cat"), "dog and dog");
}

TEST(Rsub, NoMatchLeavesTheBodyAlone) {
  Outcome o = run_rules(kStream +
                            "SecRule STREAM_OUTPUT_BODY \"@rsub s/absent/x/\" "
                            "\"id:1,phase:4,t:none,pass,log\"\n",
                        page("<html></html>"));
  EXPECT_FALSE(o.ex->state().stream_output_modified);
  EXPECT_FALSE(o.logged("[id \"1\"]"));
  EXPECT_FALSE(o.ex->tx().response_changes().any());
}

TEST(Rsub, LogsV2Message) {
  Outcome o = run_rules(kStream +
                            "SecRule STREAM_OUTPUT_BODY \"@rsub s/a/b/\" "
                            "\"id:1,phase:4,t:none,pass,log\"\n",
                        page("a"));
  EXPECT_TRUE(o.logged("ModSecurity: Warning. Operator rsub succeeded. [file")) << o.line(0);
}

TEST(Rsub, EscapedSlashes) {
  EXPECT_EQ(rsub("s/<\\/form>/<input name=x><\\/form>/", "<form></form>"),
            "<form><input name=x></form>");
}

TEST(Rsub, OtherDelimiter) {
  EXPECT_EQ(rsub("s#</b>#</i>#", "<b>x</b>"), "<b>x</i>");
}

TEST(Rsub, GroupsInTheReplacement) {
  EXPECT_EQ(rsub("s/(\\w+)@(\\w+)/\\2 at \\1/", "mail bob@example now"), "mail example at bob now");
}

TEST(Rsub, MacrosInTheReplacement) {
  EXPECT_EQ(rsub("s/TOKEN/%{tx.token}/", "<p>TOKEN</p>",
                 "SecAction \"id:2,phase:1,pass,nolog,setvar:tx.token=abc123\"\n"),
            "<p>abc123</p>");
}

TEST(Rsub, MacroPatternEscapedWithD) {
  std::string setup = "SecAction \"id:2,phase:1,pass,nolog,setvar:tx.p=a.c\"\n";
  EXPECT_EQ(rsub("s/%{tx.p}/X/d", "abc a.c", setup), "abc X");
  EXPECT_EQ(rsub("s/%{tx.p}/X/", "abc a.c", setup), "X X");  // without d the dot is a regex
}

TEST(Rsub, EmptyMatchesEnd) {
  EXPECT_EQ(rsub("s/x*/-/", "ab"), "-a-b-");
}

TEST(Rsub, LaterRulesSeeTheRewrite) {
  Outcome o = run_rules(kStream +
                            "SecRule STREAM_OUTPUT_BODY \"@rsub s/one/two/\" "
                            "\"id:1,phase:4,t:none,pass,nolog\"\n"
                            "SecRule STREAM_OUTPUT_BODY \"@rsub s/two/three/\" "
                            "\"id:2,phase:4,t:none,pass,nolog\"\n"
                            "SecRule STREAM_OUTPUT_BODY \"@streq three\" "
                            "\"id:3,phase:4,t:none,pass,nolog,setvar:tx.saw=1\"\n",
                        page("one"));
  EXPECT_EQ(o.tx("saw"), "1");
  EXPECT_EQ(o.ex->tx().response_changes().body, "three");
}

TEST(Rsub, ResponseBodyStaysAsReceived) {
  Outcome o = run_rules(kStream +
                            "SecResponseBodyAccess On\n"
                            "SecRule STREAM_OUTPUT_BODY \"@rsub s/a/b/\" "
                            "\"id:1,phase:4,t:none,pass,nolog\"\n",
                        page("aaa"));
  EXPECT_EQ(o.ex->state().response_body, "aaa");
  EXPECT_EQ(o.ex->state().stream_output_body, "bbb");
}

TEST(Rsub, OnlyStreamVariables) {
  Outcome o = run_rules(
      "SecResponseBodyAccess On\n"
      "SecRule RESPONSE_BODY \"@rsub s/a/b/\" \"id:1,phase:4,t:none,pass,log\"\n",
      page("aaa"));
  EXPECT_FALSE(o.logged("[id \"1\"]"));
  EXPECT_FALSE(o.ex->tx().response_changes().any());
}

TEST(Rsub, WithoutStreamInspectionNothingChanges) {
  Outcome o = run_rules(
      "SecResponseBodyAccess On\n"
      "SecRule STREAM_OUTPUT_BODY \"@rsub s/a/b/\" \"id:1,phase:4,pass,log\"\n",
      page("aaa"));
  EXPECT_FALSE(o.ex->tx().response_changes().any());
}

TEST(Rsub, RunawayGrowthLeavesTheBodyAlone) {
  std::string big(2 << 20, 'x');
  EXPECT_EQ(rsub("s/x/yyyy/", big), "<unchanged>");
}

TEST(Rsub, PartialBodyIsNeverSentInPlaceOfTheWhole) {
  EXPECT_EQ(
      rewritten("SecRule STREAM_OUTPUT_BODY \"@rsub s/a/b/\" \"id:1,phase:4,pass\"\n", "aaaaaaaaaa",
                "SecResponseBodyLimit 4\nSecResponseBodyLimitAction ProcessPartial\n"),
      "<unchanged>");
}

TEST(Rsub, ParseErrors) {
  EXPECT_NE(load_error("SecRule STREAM_OUTPUT_BODY \"@rsub x/a/b/\" \"id:1\"")
                .find("@rsub takes s/regex/replacement/[flags]"),
            std::string::npos);
  EXPECT_NE(load_error("SecRule STREAM_OUTPUT_BODY \"@rsub s/a/b\" \"id:1\"").find("@rsub takes"),
            std::string::npos);
  EXPECT_NE(
      load_error("SecRule STREAM_OUTPUT_BODY \"@rsub s/a/b/q\" \"id:1\"").find("unknown flag 'q'"),
      std::string::npos);
  EXPECT_NE(load_error("SecRule STREAM_OUTPUT_BODY \"@rsub s/(/b/\" \"id:1\"")
                .find("Error compiling pattern"),
            std::string::npos);
  EXPECT_EQ(load_error("SecRule STREAM_OUTPUT_BODY \"@rsub s/a//\" \"id:1\""), "");
}

}  // namespace
}  // namespace rampart::testing
