// t:removeNulls: removes all NUL bytes. Example: "a\0b" -> "ab".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool remove_nulls(std::string_view in, std::string& out) {
  return util::remove_bytes(in, out, [](unsigned char c) { return c == 0; });
}

}  // namespace rampart::transforms
