#include <string>
#include <vector>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::Eval;

struct PmCase {
  std::string_view param;
  std::string_view value;
  bool match;
};

TEST(PmOperator, MatchesAnyPhraseCaseInsensitively) {
  const PmCase cases[] = {
      {"gzip compress deflate", "x-gzip", true},
      {"gzip compress deflate", "DEFLATE", true},
      {"gzip compress deflate", "identity", false},
      {"AppleWebKit Android", "Mozilla/5.0 (Linux; android 10)", true},
      {"  spaced\tout  phrases ", "has out in it", true},  // any whitespace separates
      {"( )", "f (x)", true},                              // CRS 933: "@pm ( )"
      {"?>", "<?php echo 1 ?>", true},
      {"abc", "", false},         // empty values never match
      {"A|42|C", "xabcx", true},  // |hex| content: |42| is "B"
      {"A|42|C", "a|42|c", false},
      {"x|41 42|", "XAB", true},
      {"a|b", "xa|by", true},                // a lone pipe is literal
      {"FFI\\\\CData", "FFI\\CData", true},  // \\ is an escaped backslash
      {"say\\\"hi", "say\"hi", true},
      {"\"quoted phrase\"", "a phrase", true},  // outer quotes are stripped, then split
      {"raw\\x", "raw\\x", true},  // unsupported escape: the parameter is used as written
  };
  for (const PmCase& c : cases) {
    SCOPED_TRACE(std::string(c.param) + " ~ " + std::string(c.value));
    EXPECT_EQ(optest::matches("pm", c.param, c.value), c.match);
  }
}

TEST(PmOperator, MessageAndCaptureUseThePhraseAsWritten) {
  auto b = build("pm", "WebZIP WebCopier");
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("REQUEST_HEADERS:User-Agent", /*capture=*/true);
  ASSERT_TRUE(run(*b.op, "Mozilla webcopier v3"));
  EXPECT_EQ(run.st.message, R"(Matched phrase "WebCopier" at REQUEST_HEADERS:User-Agent.)");
  EXPECT_EQ(run.st.captures, std::vector<std::string>{"WebCopier"});
}

TEST(PmOperator, ReportsThePhraseEndingFirst) {
  auto b = build("pm", "hers she");
  ASSERT_NE(b.op, nullptr);
  Eval run;
  ASSERT_TRUE(run(*b.op, "ushers"));
  EXPECT_EQ(run.st.message, R"(Matched phrase "she" at ARGS:a.)");
}

TEST(PmOperator, MessageEscapesThePhrase) {
  auto b = build("pm", "|22|x");  // a phrase holding a double quote
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run;
  ASSERT_TRUE(run(*b.op, "a\"x"));
  EXPECT_EQ(run.st.message, R"(Matched phrase "\"x" at ARGS:a.)");
}

TEST(PmOperator, NoCaptureWithoutTheAction) {
  auto b = build("pm", "abc");
  ASSERT_NE(b.op, nullptr);
  Eval run;
  ASSERT_TRUE(run(*b.op, "abc"));
  EXPECT_TRUE(run.st.captures.empty());
}

TEST(PmOperator, MissingPhrasesAreAConfigError) {
  // "|20|" decodes to a space, which separates phrases: none are left.
  for (std::string_view param : {"", "   ", "|20|"}) {
    auto b = build("pm", param);
    EXPECT_EQ(b.op, nullptr);
    EXPECT_NE(b.error.find("Missing parameter for operator 'pm'"), std::string::npos) << b.error;
  }
}

}  // namespace
}  // namespace rampart::operators
