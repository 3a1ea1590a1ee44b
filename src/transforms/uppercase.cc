// t:uppercase: converts a-z to A-Z ("C" locale, bytes >= 0x80 are left alone). Not in v2.9 itself
// but part of the ModSecurity rule language (v3); the mirror image of t:lowercase.
// Example: "SeLeCt" -> "SELECT".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool uppercase(std::string_view in, std::string& out) {
  return util::map_bytes(in, out, [](char c) { return util::to_upper(c); });
}

}  // namespace rampart::transforms
