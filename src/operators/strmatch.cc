// @strmatch: case-sensitive substring match of one fixed string, faster than an equivalent @rx.
// The parameter may use v2's content syntax (|hex| bytes, \" escapes; see pm_content.h); unlike
// @pm an unsupported escape or an empty string is a configuration error, as in v2.
// Parameter: the string. Example: SecRule REQUEST_LINE "@strmatch WebZIP" "id:1"
// Message: Pattern match "<parameter as written>" at <var>.
#include "operators/all.h"
#include "operators/pm_content.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

class Strmatch final : public Operator {
 public:
  Strmatch(std::string needle, std::string_view written)
      : needle_(std::move(needle)), message_param_(log_escape(written)) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    if (value.find(needle_) == std::string_view::npos) return false;
    st.message = quoted_message("Pattern match", message_param_, st.var_name());
    return true;
  }

 private:
  std::string needle_;
  std::string message_param_;
};

}  // namespace

std::unique_ptr<Operator> make_strmatch(const OperatorArgs& args, std::string& error) {
  DecodedContent content = decode_content(args.param, /*strip_quotes=*/true);
  if (!content.ok) {
    error =
        "Unsupported escape sequence in @strmatch parameter: only \\\\ \\\" \\: \\; are "
        "allowed (use |hex| for other bytes).";
    return nullptr;
  }
  if (content.text.empty()) {
    error = "Content length is 0: @strmatch needs a non-empty string.";
    return nullptr;
  }
  return std::make_unique<Strmatch>(std::move(content.text), args.param);
}

}  // namespace rampart::operators
