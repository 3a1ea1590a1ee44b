// @within: the VALUE occurs somewhere in the parameter (macros expanded), case-sensitively; the
// reverse of @contains. As in v2 an empty value always matches (and the message then quotes "").
// Parameter: the text to search in. Example:
//   SecRule REQUEST_METHOD "!@within %{tx.allowed_methods}" "id:1"
// Message: String match within "<param>" at <var>.
#include "operators/all.h"
#include "operators/string_param.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

class Within final : public Operator {
 public:
  explicit Within(const OperatorArgs& args) : param_(args) {}

  bool match(std::string_view value, std::string_view param, MatchState& st) const override {
    std::string_view haystack = param_.get(param);
    if (value.empty()) {
      st.message = quoted_message("String match within", "", st.var_name());
      return true;
    }
    if (haystack.find(value) == std::string_view::npos) return false;
    if (st.want_message)
      st.message = quoted_message("String match within", log_escape(haystack), st.var_name());
    return true;
  }

 private:
  StringParam param_;
};

}  // namespace

std::unique_ptr<Operator> make_within(const OperatorArgs& args, std::string&) {
  return std::make_unique<Within>(args);
}

}  // namespace rampart::operators
