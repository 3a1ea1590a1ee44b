// t:replaceNulls: replaces each NUL byte with a space. Example: "a\0b" -> "a b".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool replace_nulls(std::string_view in, std::string& out) {
  return util::map_bytes(in, out, [](char c) { return c == '\0' ? ' ' : c; });
}

}  // namespace rampart::transforms
