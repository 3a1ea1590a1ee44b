// @unconditionalMatch: always matches; SecAction rules behave as if they used it.
// Parameter: none (ignored). Example: SecRule REMOTE_ADDR "@unconditionalMatch" "id:1,pass"
// Message: Unconditional match in SecAction.
#include "operators/all.h"

namespace rampart::operators {

namespace {

class UnconditionalMatch final : public Operator {
 public:
  bool match(std::string_view, std::string_view, MatchState& st) const override {
    st.message = "Unconditional match in SecAction.";
    return true;
  }
};

}  // namespace

std::unique_ptr<Operator> make_unconditional_match(const OperatorArgs&, std::string&) {
  return std::make_unique<UnconditionalMatch>();
}

}  // namespace rampart::operators
