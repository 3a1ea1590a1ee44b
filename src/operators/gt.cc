// @gt: matches when the value is greater than the parameter, both read as integers the way
// C atoi() reads them (see numeric.h); macros in the parameter are expanded.
// Parameter: the number. Example: SecRule &ARGS "@gt %{tx.max_num_args}" "id:1"
// Message: Operator GT matched <parameter as parsed> at <var>.
#include "operators/all.h"
#include "operators/numeric.h"

namespace rampart::operators {

std::unique_ptr<Operator> make_gt(const OperatorArgs& args, std::string&) {
  return std::make_unique<NumericCompare>(args, "GT",
                                          [](int value, int param) { return value > param; });
}

}  // namespace rampart::operators
