// t:urlDecode: decodes %HH escapes and turns '+' into a space. Invalid escapes (non-hex digits,
// or truncated at the end of the value) are left as they are, without error.
// Example: "a+b%20c%2" -> "a b c%2".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool url_decode(std::string_view in, std::string& out) {
  util::Rewriter w(in, out);
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '+') {
      w.replace(i, i + 1, ' ');
    } else if (in[i] == '%' && util::hex_run(in, i + 1, 2)) {
      w.replace(i, i + 3, static_cast<char>(util::hex_number(in, i + 1, 2)));
      i += 2;
    }
  }
  return w.finish();
}

}  // namespace rampart::transforms
