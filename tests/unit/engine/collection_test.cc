// Collection: case-insensitive names through the hash index, first-set order and case kept.
#include "engine/collection.h"

#include <gtest/gtest.h>

#include <string>

namespace rampart::testing {
namespace {

TEST(Collection, FindsNamesWhateverTheirCase) {
  Collection c;
  c.set("Inbound_Anomaly_Score_PL1", "5");
  ASSERT_NE(c.get("inbound_anomaly_score_pl1"), nullptr);
  EXPECT_EQ(*c.get("INBOUND_ANOMALY_SCORE_PL1"), "5");
  EXPECT_EQ(c.entry("inbound_anomaly_score_pl1")->name, "Inbound_Anomaly_Score_PL1");
  EXPECT_EQ(c.get("inbound_anomaly_score_pl2"), nullptr);
}

TEST(Collection, SetAgainChangesTheValueInPlace) {
  Collection c;
  c.set("a", "1");
  c.set("b", "2");
  c.set("A", "3");
  ASSERT_EQ(c.entries().size(), 2u);
  EXPECT_EQ(c.entries()[0].name, "a");
  EXPECT_EQ(c.entries()[0].value, "3");
}

// A hash computed once (a name fixed in a rule) finds the name whatever case it was set in, and
// the overloads that take it agree with those that hash each time.
TEST(Collection, PrecomputedHashesFindTheSameEntries) {
  Collection c;
  EXPECT_EQ(Collection::hash("Blocking_Paranoia_Level"),
            Collection::hash("blocking_paranoia_level"));
  uint32_t h = Collection::hash("blocking_paranoia_level");
  EXPECT_EQ(c.entry("blocking_paranoia_level", h), nullptr);
  const std::string& stored = c.set("BLOCKING_PARANOIA_LEVEL", h, "1");
  EXPECT_EQ(stored, "1");
  ASSERT_NE(c.entry("blocking_paranoia_level", h), nullptr);
  EXPECT_EQ(c.entry("blocking_paranoia_level", h)->name, "BLOCKING_PARANOIA_LEVEL");
  EXPECT_EQ(&c.set("Blocking_Paranoia_Level", h, "2"), c.get("blocking_paranoia_level"));
  EXPECT_EQ(*c.get("blocking_paranoia_level"), "2");
  for (int i = 0; i < 100; ++i) c.set("n" + std::to_string(i), std::to_string(i));  // regrows
  ASSERT_NE(c.entry("blocking_paranoia_level", h), nullptr);
  EXPECT_EQ(c.entry("blocking_paranoia_level", h)->value, "2");
}

// CRS keeps about a hundred variables in TX: the index grows past its first size and still finds
// each one, in the order set.
TEST(Collection, ManyNamesKeepOrderAndStayFound) {
  Collection c;
  for (int i = 0; i < 300; ++i) c.set("var_" + std::to_string(i), std::to_string(i * 2));
  ASSERT_EQ(c.entries().size(), 300u);
  for (int i = 0; i < 300; ++i) {
    const std::string* v = c.get("VAR_" + std::to_string(i));
    ASSERT_NE(v, nullptr) << i;
    EXPECT_EQ(*v, std::to_string(i * 2));
    EXPECT_EQ(c.entries()[static_cast<size_t>(i)].name, "var_" + std::to_string(i));
  }
}

TEST(Collection, ExpectedSizeIsRoomNotALimit) {
  // TX is made with room for 128 names; the collection must still grow past it, and start
  // over with that room after clear().
  for (size_t expected : {size_t{1}, size_t{3}, size_t{128}}) {
    Collection c(expected);
    for (int round = 0; round < 2; ++round) {
      for (int i = 0; i < 200; ++i) c.set("n" + std::to_string(i), std::to_string(i + round));
      ASSERT_EQ(c.entries().size(), 200u);
      for (int i = 0; i < 200; ++i) {
        const std::string* v = c.get("N" + std::to_string(i));
        ASSERT_NE(v, nullptr) << expected << " " << i;
        EXPECT_EQ(*v, std::to_string(i + round));
      }
      c.clear();
      EXPECT_EQ(c.get("n1"), nullptr);
    }
  }
}

TEST(Collection, EraseMovesTheRestAndTheyStayFound) {
  Collection c;
  for (int i = 0; i < 40; ++i) c.set("v" + std::to_string(i), std::to_string(i));
  c.erase("V7");
  c.erase("missing");
  EXPECT_EQ(c.entries().size(), 39u);
  EXPECT_EQ(c.get("v7"), nullptr);
  for (int i = 0; i < 40; ++i) {
    if (i == 7) continue;
    ASSERT_NE(c.get("v" + std::to_string(i)), nullptr) << i;
    EXPECT_EQ(*c.get("v" + std::to_string(i)), std::to_string(i));
  }
  c.set("v7", "back");
  EXPECT_EQ(c.entries().back().name, "v7");
  c.clear();
  EXPECT_EQ(c.get("v1"), nullptr);
  c.set("v1", "again");
  EXPECT_EQ(*c.get("V1"), "again");
}

// iequals folds ASCII capitals only, eight bytes at a time and in the tail.
TEST(Iequals, FoldsAsciiCapitalsOnly) {
  EXPECT_TRUE(iequals("INBOUND_ANOMALY_SCORE_PL1", "inbound_anomaly_score_pl1"));
  EXPECT_TRUE(iequals("Request_Headers:User-Agent", "REQUEST_HEADERS:user-agent"));
  EXPECT_TRUE(iequals("", ""));
  EXPECT_FALSE(iequals("abc", "abcd"));
  EXPECT_FALSE(iequals("inbound_anomaly_score_pl1", "inbound_anomaly_score_pl2"));
  // Neighbours of 'A'..'Z' and bytes above 0x7f differ from their +0x20 counterparts.
  for (std::string_view pair : {"@`", "[{", "\\|", "]}", "^~", "\xc0\xe0", "\xda\xfa"}) {
    std::string a(16, 'x'), b(16, 'x');
    a[3] = a[12] = pair[0];
    b[3] = b[12] = pair[1];
    EXPECT_FALSE(iequals(a, b)) << pair;
    EXPECT_FALSE(iequals(a.substr(0, 5), b.substr(0, 5))) << pair;
  }
  for (char c = 'A'; c <= 'Z'; ++c) {
    std::string a(11, c), b(11, static_cast<char>(c + 32));
    EXPECT_TRUE(iequals(a, b)) << c;
  }
}

// Short texts are packed into a word and the last eight bytes overlap the ones before: every
// byte of every length still counts.
TEST(Iequals, EveryByteOfEveryLengthCounts) {
  for (size_t n = 1; n <= 24; ++n) {
    std::string a;
    for (size_t i = 0; i < n; ++i) a += static_cast<char>('a' + i);
    for (size_t at = 0; at < n; ++at) {
      std::string other = a, upper = a;
      other[at] = '#';
      upper[at] = static_cast<char>(upper[at] - 32);
      EXPECT_FALSE(iequals(a, other)) << n << " " << at;
      EXPECT_TRUE(iequals(a, upper)) << n << " " << at;
    }
  }
}

}  // namespace
}  // namespace rampart::testing
