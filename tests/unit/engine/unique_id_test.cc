// UNIQUE_ID when the server gives none: 27 characters of mod_unique_id's alphabet, fresh for
// every transaction, from 6 random bits a character.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine_fixture.h"

namespace rampart::testing {
namespace {

// The id a transaction makes for itself in phase 1 when none was set.
std::string fresh_id() {
  static const std::unique_ptr<Config> config = load_rules("SecRuleEngine On\n");
  CollectingSink sink;
  Transaction tx(*config, sink);
  tx.process_request_headers();
  return std::string(tx.unique_id());
}

TEST(UniqueId, TwentySevenCharactersOfTheUniqueIdAlphabet) {
  std::string id = fresh_id();
  ASSERT_EQ(id.size(), 27u) << id;
  EXPECT_EQ(
      id.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@-"),
      std::string::npos)
      << id;
}

TEST(UniqueId, FreshForEveryTransaction) {
  std::set<std::string> ids;
  for (int i = 0; i < 50; ++i) ids.insert(fresh_id());
  EXPECT_EQ(ids.size(), 50u);
}

TEST(UniqueId, EveryPositionVaries) {
  // Ten characters come from each random draw: a slip in the bit arithmetic would leave some
  // position fixed (or repeat one draw's characters) across transactions.
  std::set<char> seen[27];
  for (int i = 0; i < 200; ++i) {
    std::string id = fresh_id();
    ASSERT_EQ(id.size(), 27u);
    for (size_t p = 0; p < id.size(); ++p) seen[p].insert(id[p]);
  }
  for (size_t p = 0; p < 27; ++p) EXPECT_GT(seen[p].size(), 20u) << "position " << p;
}

}  // namespace
}  // namespace rampart::testing
