// @validateUrlEncoding: matches when the value's %-encoding is broken: a '%' not followed by two
// hex digits, or too close to the end for two. (Valid input does not match.)
// Parameter: none. Example: SecRule REQUEST_URI "@validateUrlEncoding" "id:1"
// Message: Invalid URL Encoding: Non-hexadecimal digits used at <var>.
//          Invalid URL Encoding: Not enough characters at the end of input at <var>.
#include "operators/all.h"

namespace rampart::operators {

namespace {

bool is_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

class ValidateUrlEncoding final : public Operator {
 public:
  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    for (size_t i = 0; i < value.size(); ++i) {
      if (value[i] != '%') continue;
      const char* problem = nullptr;
      if (i + 2 >= value.size()) {
        problem = "Invalid URL Encoding: Not enough characters at the end of input at ";
      } else if (!is_hex(value[i + 1]) || !is_hex(value[i + 2])) {
        problem = "Invalid URL Encoding: Non-hexadecimal digits used at ";
      } else {
        i += 2;
        continue;
      }
      st.message = problem;
      st.message.append(st.var_name()).append(".");
      return true;
    }
    return false;
  }
};

}  // namespace

std::unique_ptr<Operator> make_validate_url_encoding(const OperatorArgs&, std::string&) {
  return std::make_unique<ValidateUrlEncoding>();
}

}  // namespace rampart::operators
