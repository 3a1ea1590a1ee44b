// t:sqlHexDecode: decodes SQL hex literals: "0x" (or "0X") followed by hex digit pairs becomes
// the bytes they encode; an odd last digit stays as it is, and "0x" without a full pair is kept.
// Example: "SELECT 0x414243" -> "SELECT ABC".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool sql_hex_decode(std::string_view in, std::string& out) {
  util::Rewriter w(in, out);
  size_t i = 0;
  while (i + 3 < in.size()) {
    if (in[i] != '0' || (in[i + 1] != 'x' && in[i + 1] != 'X') || !util::hex_run(in, i + 2, 2)) {
      ++i;
      continue;
    }
    w.replace(i, i + 2, std::string_view());  // the "0x" prefix
    size_t end = i + 2;
    for (; util::hex_run(in, end, 2); end += 2) {
      w.replace(end, end + 2, static_cast<char>(util::hex_number(in, end, 2)));
    }
    i = end;
  }
  return w.finish();
}

}  // namespace rampart::transforms
