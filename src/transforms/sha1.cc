// t:sha1: replaces the value with its SHA-1 digest in raw binary form (20 bytes), as v2 does;
// rules usually follow it with t:hexEncode.
// Example: "abc" -> a9993e364706816aba3e25717850c26c9cd0d89d (hex).
#include "transforms/all.h"
#include "transforms/digest.h"

namespace rampart::transforms {

bool sha1(std::string_view in, std::string& out) {
  auto d = digest::sha1(in);
  out.assign(reinterpret_cast<const char*>(d.data()), d.size());
  return true;
}

}  // namespace rampart::transforms
