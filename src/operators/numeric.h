// Shared by the numeric comparison operators (@eq, @lt, @le, @gt, @ge): v2 compares
// atoi(value) with atoi(parameter) and reports the parsed parameter in its message.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "operators/operator.h"
#include "operators/text_util.h"

namespace rampart::operators {

// C atoi() as glibc implements it (int)strtol(s, nullptr, 10): leading whitespace, an optional
// sign, then digits up to the first non-digit; no digits gives 0. Like strtol it saturates at the
// 64-bit long range and the result is then truncated to int, so huge inputs give what v2 got.
inline int parse_c_int(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && is_space(static_cast<unsigned char>(s[i]))) ++i;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  // The magnitude sticks at UINT64_MAX once too big, which is past the long range either way.
  uint64_t magnitude = 0;
  for (; i < s.size() && is_digit(static_cast<unsigned char>(s[i])); ++i) {
    uint64_t d = static_cast<uint64_t>(s[i] - '0');
    magnitude = magnitude > (UINT64_MAX - d) / 10 ? UINT64_MAX : magnitude * 10 + d;
  }
  constexpr uint64_t kMinMagnitude = static_cast<uint64_t>(INT64_MAX) + 1;  // |LONG_MIN|
  int64_t as_long;
  if (negative) {
    as_long = magnitude >= kMinMagnitude ? INT64_MIN : -static_cast<int64_t>(magnitude);
  } else {
    as_long =
        magnitude > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(magnitude);
  }
  return static_cast<int>(static_cast<int32_t>(static_cast<uint32_t>(as_long)));
}

// One numeric operator: `holds(value, param)` decides, `name` ("EQ", "GT", ...) goes into the
// message `Operator <name> matched <param> at <var>.`
class NumericCompare final : public Operator {
 public:
  using Predicate = bool (*)(int value, int param);

  NumericCompare(const OperatorArgs& args, std::string_view name, Predicate holds)
      : name_(name),
        holds_(holds),
        expanded_per_call_(args.param_has_macros),
        fixed_param_(args.param_has_macros ? 0 : parse_c_int(args.param)) {}

  bool match(std::string_view value, std::string_view param, MatchState& st) const override {
    int right = expanded_per_call_ ? parse_c_int(param) : fixed_param_;
    if (!holds_(parse_c_int(value), right)) return false;
    if (!st.want_message) return true;
    st.message = "Operator ";
    st.message.append(name_).append(" matched ").append(std::to_string(right)).append(" at ");
    st.message.append(st.var_name()).append(".");
    return true;
  }

 private:
  std::string_view name_;  // always a string literal
  Predicate holds_;
  bool expanded_per_call_;
  int fixed_param_;
};

}  // namespace rampart::operators
