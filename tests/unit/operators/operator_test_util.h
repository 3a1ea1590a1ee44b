// Helpers for the operator tests: build an operator through the registry, as the rule parser
// does, and evaluate it with a fresh MatchState.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "engine/regex.h"
#include "operators/operator.h"

namespace rampart::operators::optest {

// tests/unit/operators/data, found from the build's RAMPART_TEST_DATA (<repo>/tests/unit/data).
inline std::string data_dir() {
  return (std::filesystem::path(RAMPART_TEST_DATA).parent_path() / "operators" / "data").string();
}

// CRS lives outside the repository; tests that read it skip when it is absent.
inline constexpr const char* kCrsRules = RAMPART_CRS_DIR "/rules";

struct Built {
  std::unique_ptr<Operator> op;
  std::string error;
};

inline Built build(std::string_view name, std::string_view param, bool has_macros = false,
                   std::string_view base_dir = {}) {
  Built b;
  const OperatorDef* def = find(name);
  if (def == nullptr) {
    b.error = "unknown operator " + std::string(name);
    return b;
  }
  OperatorArgs args;
  args.param = param;
  args.param_has_macros = has_macros;
  args.base_dir = base_dir;
  b.op = def->make(args, b.error);
  return b;
}

// One evaluation: owns the scratch and the state so tests can inspect message and captures.
struct Eval {
  explicit Eval(std::string_view var = "ARGS:a", bool capture = false,
                uint32_t match_limit = 100000)
      : scratch(match_limit, match_limit) {
    st.set_var_name(var);
    st.capture = capture;
    st.scratch = &scratch;
  }
  bool operator()(const Operator& op, std::string_view value, std::string_view param = {}) {
    return op.match(value, param, st);
  }
  RegexScratch scratch;
  MatchState st;
};

// Builds `name` with `param` (failing the test when that errors) and evaluates it on `value`.
inline bool matches(std::string_view name, std::string_view param, std::string_view value) {
  Built b = build(name, param);
  EXPECT_NE(b.op, nullptr) << name << " " << param << ": " << b.error;
  if (b.op == nullptr) return false;
  Eval run;
  return run(*b.op, value, param);
}

}  // namespace rampart::operators::optest
