// The transformation cache's hash: equal bytes hash equally wherever they are stored, and every
// byte and the length take part (no collisions among near-identical values).
#include "engine/seeded_hash.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace rampart {
namespace {

TEST(SeededHash, EqualBytesHashEqually) {
  SeededHash a, b;  // one key per process
  std::string x = "json.order.children.label", y = x;
  EXPECT_EQ(a(x), b(y));
  EXPECT_EQ(a(std::string_view(x).substr(5, 5)), a("order"));
}

TEST(SeededHash, LengthAndEveryByteCount) {
  SeededHash h;
  std::set<uint64_t> seen;
  size_t made = 0;
  for (size_t n = 0; n <= 70; ++n) {
    seen.insert(h(std::string(n, 'a')));
    seen.insert(h(std::string(n, '\0')));
    made += 2;
  }
  const std::string base(45, 'x');
  for (size_t i = 0; i < base.size(); ++i) {
    for (char c : {'y', 'X', '\0', '\xff'}) {
      std::string s = base;
      s[i] = c;
      seen.insert(h(s));
      ++made;
    }
  }
  EXPECT_EQ(seen.size(), made - 1);  // "" appears twice (n = 0 of 'a' and of '\0')
}

}  // namespace
}  // namespace rampart
