// Table-driven checks for transformation functions, looked up by name so that every test also
// exercises the registry.
#pragma once

#include <gtest/gtest.h>

#include <span>
#include <string>
#include <string_view>

#include "transforms/transform.h"

namespace rampart::transforms::testing {

using namespace std::string_view_literals;  // "a\0b"sv keeps embedded NUL bytes

struct Case {
  std::string_view in, out;
  bool changed;
};

// Applies the transformation called `name` to `in`.
inline bool Apply(std::string_view name, std::string_view in, std::string& out) {
  const TransformDef* def = find(name);
  EXPECT_NE(def, nullptr) << "no transformation named " << name;
  return def != nullptr && def->fn(in, out);
}

inline void ExpectCases(std::string_view name, std::span<const Case> cases) {
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::Message() << name << " on \"" << std::string(c.in) << '"');
    std::string out;
    bool changed = Apply(name, c.in, out);
    EXPECT_EQ(changed, c.changed);
    if (changed) {
      EXPECT_EQ(out, std::string(c.out));
    } else {
      EXPECT_TRUE(out.empty()) << "out must stay untouched when nothing changed";
      EXPECT_EQ(c.in, c.out) << "bad table row: an unchanged value must equal its input";
    }
  }
}

}  // namespace rampart::transforms::testing
