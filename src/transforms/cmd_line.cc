// t:cmdLine: normalises shell / cmd.exe command lines against evasion, as v2 does: deletes
// \ " ' ^, turns ',' ';' and runs of space, \t, \r, \n into one space, deletes a space before
// '/' or '(', and lowercases A-Z. Example: "C^OMMAND /C \"dir\" ,;x" -> "command/c dir x".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

bool is_deleted(char c) {
  return c == '\\' || c == '"' || c == '\'' || c == '^';
}
bool is_separator(char c) {
  return c == ' ' || c == ',' || c == ';' || c == '\t' || c == '\r' || c == '\n';
}

// True when cmdLine leaves `in` exactly as it is: no byte to delete, replace or lowercase, and
// every space stands alone and is not followed by '/' or '('.
bool already_normal(std::string_view in) {
  for (size_t i = 0; i < in.size(); ++i) {
    char c = in[i];
    if (is_deleted(c) || (is_separator(c) && c != ' ') || util::to_lower(c) != c) return false;
    if (c == ' ' && i + 1 < in.size()) {
      char next = in[i + 1];
      if (next == '/' || next == '(' || is_separator(next) || is_deleted(next)) return false;
    }
  }
  return true;
}

}  // namespace

bool cmd_line(std::string_view in, std::string& out) {
  if (already_normal(in)) return false;
  out.reserve(in.size());
  bool in_space = false;  // the last byte written is a separator-space
  for (char c : in) {
    if (is_deleted(c)) continue;  // deleted bytes do not end a run of separators
    if (is_separator(c)) {
      if (!in_space) out.push_back(' ');
      in_space = true;
    } else if (c == '/' || c == '(') {
      if (in_space) out.pop_back();
      out.push_back(c);
      in_space = false;
    } else {
      out.push_back(util::to_lower(c));
      in_space = false;
    }
  }
  return true;
}

}  // namespace rampart::transforms
