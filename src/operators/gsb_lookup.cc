// @gsbLookup: refused at load. It asked Google Safe Browsing v2, which Google shut down in 2016;
// a rule that silently never matched would be a hole, so the rule is a configuration error.
#include "operators/all.h"

namespace rampart::operators {

std::unique_ptr<Operator> make_gsb_lookup(const OperatorArgs&, std::string& error) {
  error =
      "not supported: Google shut down the Safe Browsing v2 API it queries in 2016. Use "
      "@pmFromFile with a list of bad URLs or hosts you maintain, or @rbl with a DNS block list "
      "(see docs/unsupported.md)";
  return nullptr;
}

}  // namespace rampart::operators
