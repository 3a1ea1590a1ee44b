// @endsWith: the value ends with the parameter (macros expanded), case-sensitively. An empty
// parameter always matches, as in v2.
// Parameter: the suffix. Example: SecRule TX:1 "!@endsWith %{request_headers.host}" "id:1"
// Message: String match "<param>" at <var>.
#include "operators/all.h"
#include "operators/string_param.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

class EndsWith final : public Operator {
 public:
  explicit EndsWith(const OperatorArgs& args) : param_(args) {}

  bool match(std::string_view value, std::string_view param, MatchState& st) const override {
    std::string_view suffix = param_.get(param);
    if (!value.ends_with(suffix)) return false;
    if (st.want_message)
      st.message = quoted_message("String match", log_escape(suffix), st.var_name());
    return true;
  }

 private:
  StringParam param_;
};

}  // namespace

std::unique_ptr<Operator> make_ends_with(const OperatorArgs& args, std::string&) {
  return std::make_unique<EndsWith>(args);
}

}  // namespace rampart::operators
