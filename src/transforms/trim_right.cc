// t:trimRight: removes trailing whitespace (space, \t \n \v \f \r). Example: " a b  " -> " a b".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool trim_right(std::string_view in, std::string& out) {
  size_t end = in.size();
  while (end > 0 && util::is_space(util::byte_at(in, end - 1))) --end;
  if (end == in.size()) return false;
  out.assign(in.substr(0, end));
  return true;
}

}  // namespace rampart::transforms
