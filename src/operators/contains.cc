// @contains: the parameter (macros expanded) occurs anywhere in the value, case-sensitively. An
// empty parameter always matches, as in v2.
// Parameter: the substring. Example: SecRule REQUEST_LINE "@contains .php" "id:1"
// Message: String match "<param>" at <var>.
#include "operators/all.h"
#include "operators/string_param.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

class Contains final : public Operator {
 public:
  explicit Contains(const OperatorArgs& args) : param_(args) {}

  bool match(std::string_view value, std::string_view param, MatchState& st) const override {
    std::string_view needle = param_.get(param);
    if (value.find(needle) == std::string_view::npos) return false;
    if (st.want_message)
      st.message = quoted_message("String match", log_escape(needle), st.var_name());
    return true;
  }

 private:
  StringParam param_;
};

}  // namespace

std::unique_ptr<Operator> make_contains(const OperatorArgs& args, std::string&) {
  return std::make_unique<Contains>(args);
}

}  // namespace rampart::operators
