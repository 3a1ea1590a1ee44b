// t:md5: replaces the value with its MD5 digest in raw binary form (16 bytes), as v2 does; rules
// usually follow it with t:hexEncode. Example: "abc" -> 900150983cd24fb0d6963f7d28e17f72 (hex).
#include "transforms/all.h"
#include "transforms/digest.h"

namespace rampart::transforms {

bool md5(std::string_view in, std::string& out) {
  auto d = digest::md5(in);
  out.assign(reinterpret_cast<const char*>(d.data()), d.size());
  return true;
}

}  // namespace rampart::transforms
