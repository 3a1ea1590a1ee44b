// t:trimLeft: removes leading whitespace (space, \t \n \v \f \r). Example: "  a b " -> "a b ".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool trim_left(std::string_view in, std::string& out) {
  size_t start = 0;
  while (start < in.size() && util::is_space(util::byte_at(in, start))) ++start;
  if (start == 0) return false;
  out.assign(in.substr(start));
  return true;
}

}  // namespace rampart::transforms
