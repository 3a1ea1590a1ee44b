// MatcherMemo: one answer per matcher until another asks; a copied rule asks again.
#include "engine/matcher_memo.h"

#include <gtest/gtest.h>

namespace rampart {
namespace {

TEST(MatcherMemo, AsksOncePerMatcherInARow) {
  MatcherMemo memo;
  alignas(8) static const int first = 0, second = 0;
  int asked = 0;
  auto yes = [&] {
    ++asked;
    return true;
  };
  auto no = [&] {
    ++asked;
    return false;
  };
  EXPECT_TRUE(memo.answer(&first, yes));
  EXPECT_TRUE(memo.answer(&first, no));  // remembered: not asked
  EXPECT_EQ(asked, 1);
  EXPECT_FALSE(memo.answer(&second, no));
  EXPECT_FALSE(memo.answer(&second, yes));
  EXPECT_EQ(asked, 2);
  EXPECT_TRUE(memo.answer(&first, yes));  // another matcher asked in between: asked again
  EXPECT_EQ(asked, 3);
}

TEST(MatcherMemo, ACopyStartsEmpty) {
  MatcherMemo memo;
  alignas(8) static const int matcher = 0;
  EXPECT_TRUE(memo.answer(&matcher, [] { return true; }));
  MatcherMemo copy(memo);
  EXPECT_FALSE(copy.answer(&matcher, [] { return false; }));
  MatcherMemo assigned;
  assigned = memo;
  EXPECT_FALSE(assigned.answer(&matcher, [] { return false; }));
  EXPECT_TRUE(memo.answer(&matcher, [] { return false; }));  // the original keeps its answer
}

}  // namespace
}  // namespace rampart
