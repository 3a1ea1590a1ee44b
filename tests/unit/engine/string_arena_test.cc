// StringArena: copies stay in place and intact however many follow, small or large.
#include "engine/string_arena.h"

#include <gtest/gtest.h>

#include <cstring>
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

TEST(StringArena, WrittenTextGivesBackWhatItDidNotUse) {
  StringArena arena;
  // Half of each 100-byte room is used: what follows starts right after the used half.
  std::string_view a = arena.write(100, [](char* out) {
    std::memset(out, 'a', 50);
    return size_t{50};
  });
  std::string_view b = arena.copy("bbb");
  EXPECT_EQ(a, std::string(50, 'a'));
  EXPECT_EQ(b, "bbb");
  EXPECT_EQ(b.data(), a.data() + a.size());
}

TEST(StringArena, WrittenTextStaysIntactAcrossBlocks) {
  StringArena arena;
  std::vector<std::pair<std::string, std::string_view>> kept;
  for (int i = 0; i < 3000; ++i) {
    // Rooms from 1 to ~1,300 bytes, filled to between a third and all of it.
    size_t max = static_cast<size_t>(1 + (i * 37) % 1300);
    std::string expected(max - (max * static_cast<size_t>(i % 3)) / 3,
                         static_cast<char>('a' + i % 26));
    std::string_view v = arena.write(max, [&](char* out) {
      std::memcpy(out, expected.data(), expected.size());
      return expected.size();
    });
    kept.emplace_back(std::move(expected), v);
  }
  for (const auto& [original, view] : kept) EXPECT_EQ(view, original);
}

TEST(StringArena, EmptyStaysEmpty) {
  StringArena arena;
  EXPECT_TRUE(arena.copy("").empty());
}

}  // namespace
}  // namespace rampart::testing
