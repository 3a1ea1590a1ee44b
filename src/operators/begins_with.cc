// @beginsWith: the value starts with the parameter (macros expanded), case-sensitively. An empty
// parameter always matches, as in v2.
// Parameter: the prefix. Example: SecRule REQUEST_LINE "!@beginsWith GET" "id:1"
// Message: String match "<param>" at <var>.
#include "operators/all.h"
#include "operators/string_param.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

class BeginsWith final : public Operator {
 public:
  explicit BeginsWith(const OperatorArgs& args) : param_(args) {}

  bool match(std::string_view value, std::string_view param, MatchState& st) const override {
    std::string_view prefix = param_.get(param);
    if (!value.starts_with(prefix)) return false;
    if (st.want_message)
      st.message = quoted_message("String match", log_escape(prefix), st.var_name());
    return true;
  }

 private:
  StringParam param_;
};

}  // namespace

std::unique_ptr<Operator> make_begins_with(const OperatorArgs& args, std::string&) {
  return std::make_unique<BeginsWith>(args);
}

}  // namespace rampart::operators
