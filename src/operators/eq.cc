// @eq: matches when the value is equal to the parameter, both read as integers the way
// C atoi() reads them (see numeric.h); macros in the parameter are expanded.
// Parameter: the number. Example: SecRule &REQUEST_HEADERS_NAMES "@eq 15" "id:1"
// Message: Operator EQ matched <parameter as parsed> at <var>.
#include "operators/all.h"
#include "operators/numeric.h"

namespace rampart::operators {

std::unique_ptr<Operator> make_eq(const OperatorArgs& args, std::string&) {
  return std::make_unique<NumericCompare>(args, "EQ",
                                          [](int value, int param) { return value == param; });
}

}  // namespace rampart::operators
