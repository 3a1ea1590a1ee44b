// @lt: matches when the value is less than the parameter, both read as integers the way
// C atoi() reads them (see numeric.h); macros in the parameter are expanded.
// Parameter: the number. Example: SecRule TX:sampling_rnd100 "!@lt %{tx.sampling_percentage}"
// Message: Operator LT matched <parameter as parsed> at <var>.
#include "operators/all.h"
#include "operators/numeric.h"

namespace rampart::operators {

std::unique_ptr<Operator> make_lt(const OperatorArgs& args, std::string&) {
  return std::make_unique<NumericCompare>(args, "LT",
                                          [](int value, int param) { return value < param; });
}

}  // namespace rampart::operators
