// t:removeWhitespace: removes all whitespace: space, \t \n \v \f \r and, as v2 does, the Latin-1
// non-breaking space 0xa0. Example: "a b\tc" -> "abc".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool remove_whitespace(std::string_view in, std::string& out) {
  return util::remove_bytes(in, out, [](unsigned char c) { return util::is_space_or_nbsp(c); });
}

}  // namespace rampart::transforms
