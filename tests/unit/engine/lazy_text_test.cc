// LazyText (engine/lazy_text.h): made once and kept, the same text for every thread, and a copy
// starts empty so that a rule copied to be updated does not keep its original's alert fields.
#include "engine/lazy_text.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "engine_fixture.h"

namespace rampart::testing {
namespace {

TEST(LazyText, MadeOnceAndKept) {
  LazyText text;
  int made = 0;
  auto make = [&made] {
    ++made;
    return std::string("[id \"1\"]");
  };
  const std::string& first = text.get(make);
  const std::string& second = text.get(make);
  EXPECT_EQ(first, "[id \"1\"]");
  EXPECT_EQ(&first, &second);
  EXPECT_EQ(made, 1);
}

TEST(LazyText, ACopyStartsEmpty) {
  LazyText original;
  original.get([] { return std::string("old"); });
  LazyText copy(original);
  EXPECT_EQ(copy.get([] { return std::string("new"); }), "new");
  LazyText assigned;
  assigned.get([] { return std::string("before"); });
  assigned = original;
  EXPECT_EQ(assigned.get([] { return std::string("after"); }), "after");
  EXPECT_EQ(original.get([] { return std::string("unused"); }), "old");
}

TEST(LazyText, ThreadsAgreeOnOneText) {
  for (int round = 0; round < 20; ++round) {
    LazyText text;
    std::atomic<int> ready{0};
    std::vector<const std::string*> seen(8);
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
      threads.emplace_back([&, t] {
        ready.fetch_add(1);
        while (ready.load() < 8) std::this_thread::yield();
        seen[t] = &text.get([] { return std::string(100, 'x'); });
      });
    }
    for (auto& th : threads) th.join();
    for (const std::string* s : seen) EXPECT_EQ(s, seen[0]);
  }
}

// An alert's fixed fields come from the rule that matched: a child context's
// SecRuleUpdateActionById changes a copy of the parent's rule, which has alerted (and kept its
// fields) already; the copy alerts with the new ones, the parent's rule still with its own.
TEST(LazyText, AnUpdatedCopyAlertsWithItsOwnFields) {
  auto parent = load_rules(
      "SecRuleEngine On\n"
      "SecRule ARGS:a \"@streq x\" \"id:7,phase:1,pass,log,severity:2,tag:'old-tag'\"\n");
  auto child = load_rules("SecRuleUpdateActionById 7 \"tag:'new-tag'\"\n");
  Request r;
  r.query = "a=x";
  Exchange before(*parent, r);
  before.run();
  EXPECT_TRUE(before.log().contains("[tag \"old-tag\"]"));
  auto merged = Config::merge(*parent, *child);
  Exchange updated(*merged, r);
  updated.run();
  EXPECT_TRUE(updated.log().contains("[tag \"old-tag\"] [tag \"new-tag\"]"))
      << updated.log().lines.at(0);
  Exchange again(*parent, r);
  again.run();
  EXPECT_FALSE(again.log().contains("new-tag"));
}

}  // namespace
}  // namespace rampart::testing
