// t:trim: removes leading and trailing whitespace (space, \t \n \v \f \r).
// Example: " \t a b \r\n" -> "a b".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool trim(std::string_view in, std::string& out) {
  size_t start = 0;
  size_t end = in.size();
  while (start < end && util::is_space(util::byte_at(in, start))) ++start;
  while (end > start && util::is_space(util::byte_at(in, end - 1))) --end;
  if (start == 0 && end == in.size()) return false;
  out.assign(in.substr(start, end - start));
  return true;
}

}  // namespace rampart::transforms
