// @ge: matches when the value is greater than or equal to the parameter, both read as integers
// the way C atoi() reads them (see numeric.h); macros in the parameter are expanded.
// Parameter: the number. Example: SecRule TX:score "@ge %{tx.threshold}" "id:1"
// Message: Operator GE matched <parameter as parsed> at <var>.
#include "operators/all.h"
#include "operators/numeric.h"

namespace rampart::operators {

std::unique_ptr<Operator> make_ge(const OperatorArgs& args, std::string&) {
  return std::make_unique<NumericCompare>(args, "GE",
                                          [](int value, int param) { return value >= param; });
}

}  // namespace rampart::operators
