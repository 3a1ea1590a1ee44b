// @streq: case-sensitive equality of the value and the parameter (macros expanded).
// Parameter: the string to compare with. Example: SecRule TX:1 "@streq %{TX.2}" "id:1"
// Message: String match "<param>" at <var>.
#include "operators/all.h"
#include "operators/string_param.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

class Streq final : public Operator {
 public:
  explicit Streq(const OperatorArgs& args) : param_(args) {}

  bool match(std::string_view value, std::string_view param, MatchState& st) const override {
    std::string_view expected = param_.get(param);
    if (value != expected) return false;
    if (st.want_message)
      st.message = quoted_message("String match", log_escape(expected), st.var_name());
    return true;
  }

 private:
  StringParam param_;
};

}  // namespace

std::unique_ptr<Operator> make_streq(const OperatorArgs& args, std::string&) {
  return std::make_unique<Streq>(args);
}

}  // namespace rampart::operators
