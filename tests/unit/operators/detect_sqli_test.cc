#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/rule_harness.h"
#include "operator_test_util.h"
#include "operators/operator.h"
#include "operators/sqli/detect.h"
#include "operators/sqli/fingerprint.h"
#include "operators/sqli/shapes.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::Eval;

bool is_sqli(std::string_view value) {
  sqli::Fingerprint fp;
  return sqli::detect(value, fp);
}

std::string fingerprint_of(std::string_view value, char quote) {
  return std::string(sqli::fingerprint(value, quote).view());
}

// Payloads of CRS v4.28 tests/regression/tests/REQUEST-942-APPLICATION-ATTACK-SQLI/942100.yaml
// (all expect_ids: [942100]), decoded as the rule's t:utf8toUnicode,t:urlDecodeUni,t:removeNulls
// would: the value of `var` (or the argument name, for test 10).
const char* const kCrs942100[] = {
    "1234 OR 1=1",                                            // test 1
    "-1839' or '1'='1",                                       // test 2
    "-1839\" or \"1\"=\"2",                                   // test 3
    "2010-01-01'+sleep(20.to_i)+'",                           // test 4
    "EmptyValue' and 526=527",                                // test 5
    "foo') UNION ALL select NULL --",                         // test 6
    "foo')waitfor delay'5:0:20'--",                           // test 7
    "JKGHUKGDI8TDHLFJH72FZLFJSKFH' and sleep(12) --",         // test 8
    "/path/to/file/unitests.txt') UNION ALL select NULL --",  // test 9
    "1'||(select extractvalue(xmltype('<?xml version",        // test 10 (argument name)
    "sleep(20)",                                              // test 11
    "unittests@coreruleset.org\" sleep(10.to_i) \"",          // test 12
    R"(" | type %SystemDrive%\\config.ini | ")",              // test 13
    "\"unittests@coreruleset.org\"')) and (select*from(select(sleep(5)))x) --",  // test 14
    "1234 OR 1=1",  // test 15 (XML attribute value)
};

// Classic injection shapes, written for this test.
const char* const kAttacks[] = {
    // tautologies
    "1 OR 1=1",
    "1 or 1=1--",
    "-1 OR 2>1",
    "1) or (1=1",
    "1)) or ((1=1",
    "' or '1'='1",
    "' OR 'a'='a",
    "' or ''='",
    "admin' or 1=1#",
    "admin' OR 1=1--",
    "\" or \"\"=\"",
    "\" or 1=1 -- ",
    "') or ('a'='a",
    "')) or (('x'='x",
    "' or x=x--",
    "' or true--",
    "' OR 1 --",
    "x' AND 1=(SELECT COUNT(*) FROM users); --",
    "' or 1 in (@@version)--",
    "1' and '1'='1",
    "%' and 1=1 and '%'='",
    "' or not 1=2 --",
    "or 1=1--",
    "or -1=-1",
    "(-1) union select 1,2",
    "OR 'x'='x'",
    "x or 1=1",
    "1 || 1=1",
    "' || 'a'='a",
    "1 and 1=2",
    // UNION
    "' UNION SELECT username, password FROM users--",
    "-1 UNION SELECT 1,2,3",
    "1 union all select null,null",
    "0x31 UNION SELECT @@version",
    "') union select 1,2--",
    "\") UNION SELECT table_name FROM information_schema.tables--",
    "1/**/UNION/**/SELECT/**/1",
    "-1 /*!UNION*/ /*!SELECT*/ 1,2",
    "1 UnIoN SeLeCt 1",
    "x union select password from users",
    "union select 1,2,3",
    "-5 union distinct select 1",
    "1e0union select 1",
    // comments that cut the query
    "admin'--",
    "admin' #",
    "admin'/*",
    "admin\")--",
    "1--",
    "1 /* comment",
    "';--",
    // stacked queries
    "1; DROP TABLE users",
    "'; DROP TABLE users; --",
    "1;delete from users",
    "';shutdown --",
    "'; exec xp_cmdshell('dir')--",
    "1; exec master..xp_cmdshell 'ping 10.0.0.1'",
    "'; insert into users values('a','b')--",
    "\"; update users set admin=1 --",
    "x'; if (1=1) waitfor delay '0:0:5'--",
    // time based and functions
    "1 AND SLEEP(5)",
    "1' AND SLEEP(5)#",
    "' or sleep(5)='",
    "1 and benchmark(5000000,md5(1))",
    "'; WAITFOR DELAY '0:0:10'--",
    "1 waitfor delay '0:0:5'",
    "waitfor delay '0:0:5'",
    "1' || pg_sleep(10)--",
    "' xor sleep(5) #",
    "1-sleep(5)",
    "benchmark(10000000,sha1(1))",
    "load_file('/etc/passwd')",
    "pg_sleep(5)",
    "1' AND extractvalue(1,concat(0x7e,version()))--",
    "' and updatexml(1,concat(0x7e,(select user())),1)--",
    "ascii(substring(version() from 1 for 1))",
    "version()",
    "'+(select 1)+'",
    "'||version()||'",
    "' and substring(@@version,1,1)=5",
    "' AND exists(select * from users)--",
    "char(114,111,111,116)",
    // clauses
    "1 ORDER BY 3--",
    "1' order by 5--+",
    "' group by columnnames having 1=1 --",
    "' HAVING 1=1 --",
    "1 procedure analyse()",
    "' into outfile '/tmp/x'--",
    "1) limit 1--",
    // statements
    "select * from users",
    "SELECT 1,2,3",
    "select @@version",
    "select version()",
    "(select * from users)",
    "drop table users",
    "select (select 1)",
};

// Ordinary values that must not match.
const char* const kBenign[] = {
    "",
    "hello",
    "John",
    "O'Brien",
    "O'Reilly & Sons",
    "don't stop",
    "it's 5 o'clock",
    "rock 'n' roll",
    "Mary's and John's",
    "I'm 6' tall",
    "12\" pizza",
    "5' 11\"",
    "He said \"stop\" and left",
    "She said 'hello' from the door",
    "Please select from the list below",
    "Select your favourite colour",
    "Your site has a wide selection of computers.",
    "this is not isqli",
    "The European Union has 27 members",
    "union station",
    "1 Union Square",
    "members of the union",
    "I'd like 2 or 3",
    "1 or 2",
    "yes or no",
    "A OR B",
    "Tom & Jerry",
    "Tom && Jerry",
    "this and that",
    "not bad at all",
    "either or",
    "order by date",
    "group by name",
    "sort by price",
    "drop me a line",
    "delete my account",
    "update your profile",
    "insert coin",
    "create account",
    "execute order 66",
    "sleep well",
    "I need sleep",
    "benchmark results",
    "waiting for delay",
    "user@example.com",
    "john.o'reilly@example.com",
    "unittests@coreruleset.org",
    "http://example.com/path?a=1&b=2",
    "https://www.coreruleset.org",
    "/usr/local/bin",
    "C:\\Program Files\\App",
    "../images/logo.png",
    "2010-01-01",
    "12:30:45",
    "+1 (555) 123-4567",
    "100% cotton",
    "5 - 3 = 2",
    "3.14159",
    "1e10",
    "0x1f",
    "-42",
    "{\"id\": 1, \"name\": \"x\"}",
    "{\"a\":\"b\",\"c\":\"d\"}",
    "[1,2,3]",
    "key=value",
    "a-b-c",
    "foo_bar",
    "SGVsbG8gV29ybGQ=",
    "550e8400-e29b-41d4-a716-446655440000",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)",
    "OWASP CRS test agent",
    "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8",
    "gzip, deflate, br",
    "en-US,en;q=0.5",
    "max-age=0",
    "issue #123",
    "pages 1--5",
    "A+ grade",
    "C++ and C#",
    "Q&A",
    "50% off - today only!",
    "1st place",
    "3rd time",
    "user(s)",
    "Hello (world)",
    "See page 3 (figure 2)",
    "The count is 5",
    "where are you",
    "limit 10 per customer",
    "having fun",
    "into the woods",
    "select",
    "union",
    "or",
    "and",
    "--",
    "#",
    "'",
    "\"",
    "''",
    "\"\"",
    "It's a 'test'",
    "\"quoted\" text here",
    "email me at a@b.c or call",
    "Smith, John",
    "25 Main St.; Apt 4",
    "hello; world",
    "ok; select one",
    "a/b/c",
    "x < y and y > z",
    "if you can",
    "char broiled",
    "version 2.0",
    "the database is down",
    "table for two",
    "Robert'); stop",
    // Lines of technical prose that earlier versions of the shapes flagged.
    "<li><a href=\"#_bug_fixes_4\">Bug fixes</a></li>",
    "\"# serial\" lines removed",
    "'domain=' or 'path=' in the 'Set-Cookie' header",
    "use of \"||\" instead of \"&&\".",
    "(update-copyright): Use it when computing",
    "'eof_seen' into bit fields",
    "Prepend different entries with a '*'",
    "pass the transform '%COLOR%'",
    "add the directives '<SatisfyAll>', '<SatisfyOne>'",
    "invalid option -- '/'",
    "assigned (`let b[7]=42') and auto-incremented and auto-decremented",
    "or \"elg\" is given",
    "regex is deprecated\" and this is planned to become",
};

TEST(DetectSqliOperator, CrsRegressionPayloadsMatch) {
  for (const char* payload : kCrs942100) {
    EXPECT_TRUE(is_sqli(payload)) << payload;
  }
}

TEST(DetectSqliOperator, AttackShapesMatch) {
  size_t n = 0;
  for (const char* payload : kAttacks) {
    ++n;
    EXPECT_TRUE(is_sqli(payload)) << payload << "  [as-is " << fingerprint_of(payload, 0) << ", ' "
                                  << fingerprint_of(payload, '\'') << ", \" "
                                  << fingerprint_of(payload, '"') << "]";
  }
  EXPECT_GE(n, 80u);
}

TEST(DetectSqliOperator, OrdinaryTextDoesNotMatch) {
  size_t n = 0;
  for (const char* text : kBenign) {
    ++n;
    EXPECT_FALSE(is_sqli(text)) << text << "  [as-is " << fingerprint_of(text, 0) << ", ' "
                                << fingerprint_of(text, '\'') << ", \" "
                                << fingerprint_of(text, '"') << "]";
  }
  EXPECT_GE(n, 80u);
}

TEST(DetectSqliOperator, FingerprintsFoldTheFirstTokens) {
  EXPECT_EQ(fingerprint_of("1234 OR 1=1", 0), "1&1=1");
  EXPECT_EQ(fingerprint_of("-1839' or '1'='1", '\''), "s&s=s");
  EXPECT_EQ(fingerprint_of("- 1 OR NOT ((1=1", 0), "1&(1=1");
  EXPECT_EQ(fingerprint_of("foo') UNION ALL select NULL --", '\''), "s)UE1c");
  EXPECT_EQ(fingerprint_of("1 order by 2", 0), "1B1");
  EXPECT_EQ(fingerprint_of("sleep(5)", 0), "X(1)");
  EXPECT_EQ(fingerprint_of("sleep well", 0), "nn");
  EXPECT_EQ(fingerprint_of("@@version `t` N'x' 0x41", 0), "vns1");
  EXPECT_EQ(fingerprint_of("1/**/UNION/*!50000SELECT*/1", 0), "1UE1");
  EXPECT_EQ(fingerprint_of("O'Brien", '\''), "sn");
}

TEST(DetectSqliOperator, ShapeSyntax) {
  sqli::Fingerprint fp = sqli::fingerprint("1 OR 1=1", 0);  // "1&1=1", complete
  EXPECT_TRUE(sqli::shape_matches("1&", fp));
  EXPECT_TRUE(sqli::shape_matches("1&[1s]=", fp));
  EXPECT_TRUE(sqli::shape_matches("1&1=1$", fp));
  EXPECT_FALSE(sqli::shape_matches("1&1=$", fp));
  EXPECT_FALSE(sqli::shape_matches("1&1=1(", fp));
  EXPECT_FALSE(sqli::shape_matches("s", fp));
  // A value longer than the fingerprint never matches "$".
  sqli::Fingerprint long_fp = sqli::fingerprint("a b c d e f g h i j", 0);
  EXPECT_EQ(long_fp.view(), "nnnnnnnn");
  EXPECT_FALSE(long_fp.complete);
  EXPECT_FALSE(sqli::shape_matches("nnnnnnnn$", long_fp));
}

TEST(DetectSqliOperator, MessageAndCaptureCarryTheFingerprint) {
  auto b = build("detectSQLi", "");
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("ARGS:id", /*capture=*/true);
  ASSERT_TRUE(run(*b.op, "1 OR 1=1"));
  EXPECT_EQ(run.st.message, "detected SQLi using libinjection with fingerprint '1&1=1'");
  EXPECT_EQ(run.st.captures, std::vector<std::string>{"1&1=1"});

  Eval quiet("ARGS:id");
  EXPECT_FALSE(quiet(*b.op, "hello world"));
  EXPECT_TRUE(quiet.st.message.empty());
  ASSERT_TRUE(quiet(*b.op, "x' or 'a'='a"));
  EXPECT_TRUE(quiet.st.captures.empty());  // no capture action, no TX.0
}

// CRS 942100's shape end to end: the transformed value, the fingerprint in TX:0 and the
// message in the alert line.
TEST(DetectSqliOperator, InARuleLikeCrs942100) {
  testing::Outcome o = testing::run_rules(
      "SecRule ARGS \"@detectSQLi\" \"id:942100,phase:2,block,capture,t:none,t:urlDecodeUni,"
      "msg:'SQL Injection Attack Detected via libinjection',"
      "logdata:'Matched Data: %{TX.0} found within %{MATCHED_VAR_NAME}: %{MATCHED_VAR}'\"\n",
      testing::get("var=1234%20OR%201%3D1&ok=hello"));
  ASSERT_EQ(o.lines().size(), 1u);
  EXPECT_TRUE(o.logged("detected SQLi using libinjection with fingerprint '1&1=1' [file"))
      << o.line(0);
  EXPECT_TRUE(o.logged("[data \"Matched Data: 1&1=1 found within ARGS:var: 1234 OR 1=1\"]"))
      << o.line(0);
}

TEST(DetectSqliOperator, NameIsCaseInsensitive) {
  EXPECT_TRUE(optest::matches("detectsqli", "", "' or 1=1--"));
  EXPECT_FALSE(optest::matches("DETECTSQLI", "", "O'Brien"));
}

// Linear time: a megabyte of adversarial input (unclosed comments, quotes, keywords that look
// ahead) is read once per context. Time is printed, not asserted.
TEST(DetectSqliOperator, MegabyteInputsTakeLinearTime) {
  const std::string pieces[] = {"/*", "'", "\"", "order ", "union ", "(", "-", "1", "@", "`"};
  for (const std::string& piece : pieces) {
    std::string input;
    while (input.size() < (1u << 20)) input += piece;
    auto start = std::chrono::steady_clock::now();
    sqli::Fingerprint fp;
    bool hit = sqli::detect(input, fp);
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                  std::chrono::steady_clock::now() - start)
                  .count();
    std::printf("detectSQLi 1 MB of \"%s\": %lld us (match=%d)\n", piece.c_str(),
                static_cast<long long>(us), hit ? 1 : 0);
  }
  std::string mixed;
  while (mixed.size() < (1u << 20)) mixed += "x' || '";
  auto start = std::chrono::steady_clock::now();
  sqli::Fingerprint fp;
  sqli::detect(mixed, fp);
  auto us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                                  start)
                .count();
  std::printf("detectSQLi 1 MB of \"x' || '\": %lld us\n", static_cast<long long>(us));
}

}  // namespace
}  // namespace rampart::operators
