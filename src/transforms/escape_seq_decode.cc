// t:escapeSeqDecode: decodes ANSI C escapes: \a \b \f \n \r \t \v \\ \? \' \", \xHH and \OOO
// (one to three octal digits; values above 0xff keep their low byte, as in v2). For any other
// escape, including an incomplete \x, only the backslash is dropped; a final lone '\' is kept.
// Example: "\\x41\\102\\n\\q" -> "AB\nq".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

// The character a simple escape stands for, or 0 when `c` is not one.
char simple_escape(char c) {
  switch (c) {
    case 'a':
      return '\a';
    case 'b':
      return '\b';
    case 'f':
      return '\f';
    case 'n':
      return '\n';
    case 'r':
      return '\r';
    case 't':
      return '\t';
    case 'v':
      return '\v';
    case '\\':
    case '?':
    case '\'':
    case '"':
      return c;
    default:
      return 0;
  }
}

}  // namespace

bool escape_seq_decode(std::string_view in, std::string& out) {
  util::Rewriter w(in, out);
  size_t i = 0;
  while (i < in.size()) {
    if (in[i] != '\\' || i + 1 == in.size()) {
      ++i;
      continue;
    }
    char next = in[i + 1];
    if (char c = simple_escape(next)) {
      w.replace(i, i + 2, c);
      i += 2;
    } else if ((next == 'x' || next == 'X') && util::hex_run(in, i + 2, 2)) {
      w.replace(i, i + 4, static_cast<char>(util::hex_number(in, i + 2, 2)));
      i += 4;
    } else if (util::is_octal(static_cast<unsigned char>(next))) {
      size_t end = i + 1;
      unsigned value = 0;
      while (end < in.size() && end < i + 4 && util::is_octal(util::byte_at(in, end))) {
        value = value * 8 + static_cast<unsigned>(in[end++] - '0');
      }
      w.replace(i, end, static_cast<char>(value & 0xff));
      i = end;
    } else {
      w.replace(i, i + 2, next);  // unknown escape: drop the backslash
      i += 2;
    }
  }
  return w.finish();
}

}  // namespace rampart::transforms
