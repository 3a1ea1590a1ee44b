// @validateUtf8Encoding: matches when the value is not valid UTF-8: a truncated sequence, a bad
// lead or continuation byte, an overlong form, a UTF-16 surrogate (U+D800..U+DFFF) or a lead byte
// above 0xF4. (Valid input does not match.)
// Parameter: none. Example: SecRule ARGS "@validateUtf8Encoding" "id:1"
// Message: Invalid UTF-8 encoding: <problem> at <var>. [offset "<byte offset>"]
#include <cstdint>

#include "operators/all.h"

namespace rampart::operators {

namespace {

// Why the sequence at an offset is invalid, in v2's words; nullptr when it is valid, with
// `length` set to its size.
const char* check_sequence(std::string_view s, size_t at, size_t& length) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(s[at + i]); };
  unsigned char lead = byte(0);
  uint32_t code;
  uint32_t min_code;
  if (lead < 0x80) {
    length = 1;
    return nullptr;
  } else if ((lead & 0xE0) == 0xC0) {
    length = 2, code = lead & 0x1F, min_code = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, code = lead & 0x0F, min_code = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    if (lead >= 0xF5) return "use of restricted character";
    length = 4, code = lead & 0x07, min_code = 0x10000;
  } else {
    return "invalid byte value in character";
  }
  if (s.size() - at < length) return "not enough bytes in character";
  for (size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return "invalid byte value in character";
    code = (code << 6) | (byte(i) & 0x3F);
  }
  if (code >= 0xD800 && code <= 0xDFFF) return "use of restricted character";
  if (code < min_code) return "overlong character detected";
  return nullptr;
}

class ValidateUtf8Encoding final : public Operator {
 public:
  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    size_t length = 1;
    for (size_t at = 0; at < value.size(); at += length) {
      const char* problem = check_sequence(value, at, length);
      if (problem == nullptr) continue;
      st.message = "Invalid UTF-8 encoding: ";
      st.message.append(problem).append(" at ").append(st.var_name()).append(". [offset \"");
      st.message.append(std::to_string(at)).append("\"]");
      return true;
    }
    return false;
  }
};

}  // namespace

std::unique_ptr<Operator> make_validate_utf8_encoding(const OperatorArgs&, std::string&) {
  return std::make_unique<ValidateUtf8Encoding>();
}

}  // namespace rampart::operators
