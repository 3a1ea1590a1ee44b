// SecUnicodeMapFile / SecUnicodeCodePage: the code page t:urlDecodeUni uses for %uHHHH.
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "engine_fixture.h"

namespace rampart::testing {
namespace {

// A small file in v2's unicode.mapping layout: two code pages, names in parentheses.
std::string write_map() {
  std::string path = ::testing::TempDir() + "/rampart_unicode." + std::to_string(getpid()) + ".mapping";
  std::ofstream(path) << "(MAC - Roman)\n\n"
                         "1252 (ANSI - Latin I)\n"
                         "00a0:41 2019:42\n\n"
                         "20127 (US-ASCII)\n"
                         "00a0:20 00a1:21 00aa:61 ff21:5a\n\n"
                         "20866 (Russian - KOI8)\n"
                         "00a0:9a\n";
  return path;
}

std::string rules(const std::string& map_line) {
  return map_line +
         "SecRuleEngine On\n"
         "SecRule ARGS:q \"@streq a b!\" \"id:1,phase:1,t:urlDecodeUni,deny,status:418\"\n";
}

TEST(UnicodeMapFile, MappedCodePointsUseTheTable) {
  auto config = load_rules(rules("SecUnicodeMapFile " + write_map() + " 20127\n"));
  // %u00aa -> 'a' (table), %u00a0 -> ' ' (table), %u0062 -> 'b' (low byte), %u00a1 -> '!'.
  Exchange ex(*config, get("q=%u00aa%u00a0%u0062%u00a1"));
  EXPECT_EQ(ex.run().status, 418);
}

TEST(UnicodeMapFile, WithoutTheDirectiveTheLowByteIsKept) {
  auto config = load_rules(rules(""));
  Exchange ex(*config, get("q=%u00aa%u00a0%u0062%u00a1"));
  EXPECT_FALSE(ex.run().disruptive());
}

TEST(UnicodeMapFile, TableWinsOverTheFullWidthRule) {
  auto config = load_rules("SecUnicodeMapFile " + write_map() +
                           " 20127\nSecRuleEngine On\n"
                           "SecRule ARGS:q \"@streq ZB\" \"id:1,phase:1,t:urlDecodeUni,deny\"\n");
  Exchange ex(*config, get("q=%uff21%uff22"));  // U+FF21 mapped to Z; U+FF22 full-width -> B
  EXPECT_EQ(ex.run().status, 403);
}

TEST(UnicodeCodePage, ReloadsTheFileForAnotherCodePage) {
  auto config = load_rules("SecUnicodeMapFile " + write_map() +
                           " 20127\nSecUnicodeCodePage 1252\nSecRuleEngine On\n"
                           "SecRule ARGS:q \"@streq AB\" \"id:1,phase:1,t:urlDecodeUni,deny\"\n");
  Exchange ex(*config, get("q=%u00a0%u2019"));
  EXPECT_EQ(ex.run().status, 403);
}

TEST(UnicodeMapFile, Errors) {
  std::string map = write_map();
  EXPECT_NE(load_error("SecUnicodeMapFile " + map + " 437\n")
                .find("SecUnicodeMapFile: code page 437 is not in"),
            std::string::npos);
  EXPECT_NE(load_error("SecUnicodeMapFile /nonexistent/unicode.mapping 20127\n")
                .find("cannot read '/nonexistent/unicode.mapping'"),
            std::string::npos);
  EXPECT_NE(load_error("SecUnicodeMapFile " + map + "\n").find("takes a file and a code page"),
            std::string::npos);
  EXPECT_NE(load_error("SecUnicodeMapFile " + map + " ascii\n").find("takes a code page number"),
            std::string::npos);
  EXPECT_NE(load_error("SecUnicodeCodePage 20127\n").find("put SecUnicodeMapFile"),
            std::string::npos);
  std::string bad = ::testing::TempDir() + "/rampart_bad." + std::to_string(getpid()) + ".mapping";
  std::ofstream(bad) << "20127 (US-ASCII)\n00a0=20\n";
  EXPECT_NE(load_error("SecUnicodeMapFile " + bad + " 20127\n").find("'00a0=20'"),
            std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
