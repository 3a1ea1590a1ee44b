// @noMatch: never matches; useful to keep a rule's actions loaded while disabling it.
// Parameter: none (ignored). Example: SecRule ARGS "@noMatch" "id:1,pass"
#include "operators/all.h"

namespace rampart::operators {

namespace {

class NoMatch final : public Operator {
 public:
  bool match(std::string_view, std::string_view, MatchState&) const override { return false; }
};

}  // namespace

std::unique_ptr<Operator> make_no_match(const OperatorArgs&, std::string&) {
  return std::make_unique<NoMatch>();
}

}  // namespace rampart::operators
