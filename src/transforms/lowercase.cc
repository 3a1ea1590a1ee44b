// t:lowercase: converts A-Z to a-z ("C" locale, so bytes >= 0x80 are left alone).
// Example: "SeLeCt" -> "select".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool lowercase(std::string_view in, std::string& out) {
  return util::map_bytes(in, out, [](char c) { return util::to_lower(c); });
}

}  // namespace rampart::transforms
