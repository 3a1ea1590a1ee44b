// MatchedVars: cleared between rules without giving up its strings, and never showing a pair of
// an earlier rule.
#include "engine/matched_vars.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace rampart {
namespace {

std::vector<std::string> listed(const MatchedVars& m) {
  std::vector<std::string> out;
  for (const auto& [name, value] : m) out.push_back(name + "=" + value);
  return out;
}

TEST(MatchedVars, ListsWhatWasAddedSinceTheLastClear) {
  MatchedVars m;
  EXPECT_TRUE(m.empty());
  m.add("TX:DETECTION_PARANOIA_LEVEL", "1");
  m.add("ARGS:q", "a long value that does not fit in a small string");
  EXPECT_EQ(listed(m),
            (std::vector<std::string>{"TX:DETECTION_PARANOIA_LEVEL=1",
                                      "ARGS:q=a long value that does not fit in a small string"}));
  m.clear();
  EXPECT_TRUE(m.empty());
  EXPECT_TRUE(listed(m).empty());
  m.add("ARGS:x", "y");
  EXPECT_EQ(m.size(), 1u);
  EXPECT_EQ(listed(m), std::vector<std::string>{"ARGS:x=y"});  // not the old second pair
}

TEST(MatchedVars, KeepsItsStringsAcrossClear) {
  MatchedVars m;
  m.add("TX:DETECTION_PARANOIA_LEVEL", "1");
  const char* name_buffer = m.begin()->first.data();
  m.clear();
  m.add("TX:DETECTION_PARANOIA_LEVEL", "2");
  EXPECT_EQ(m.begin()->first.data(), name_buffer);  // assigned in place, no new allocation
  EXPECT_EQ(m.begin()->second, "2");
}

}  // namespace
}  // namespace rampart
