// StringArena: copies stay in place and intact however many follow, small or large.
#include "engine/string_arena.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace rampart::testing {
namespace {

TEST(StringArena, CopiesStayIntactAcrossBlocks) {
  StringArena arena;
  std::vector<std::pair<std::string, std::string_view>> kept;
  for (int i = 0; i < 5000; ++i) {
    // Sizes from 1 to ~1,300 bytes: some fill blocks, some get blocks of their own.
    std::string s(static_cast<size_t>(1 + (i * 37) % 1300), static_cast<char>('a' + i % 26));
    std::string_view v = arena.copy(s);
    EXPECT_NE(v.data(), s.data());
    kept.emplace_back(std::move(s), v);
  }
  for (const auto& [original, view] : kept) EXPECT_EQ(view, original);
}

TEST(StringArena, EmptyStaysEmpty) {
  StringArena arena;
  EXPECT_TRUE(arena.copy("").empty());
}

}  // namespace
}  // namespace rampart::testing
