#include "body/urlencoded.h"

namespace rampart::body {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Decodes in one pass, straight into the transaction's storage (the output is never longer than
// the input); returns the input itself (no copy) when there is nothing to decode.
std::string_view decode(const TransactionState& tx, std::string_view s, bool& invalid) {
  if (s.find_first_of("%+") == std::string_view::npos) return s;
  return tx.keep_written(s.size(), [&](char* out) {
    size_t n = 0;
    for (size_t i = 0; i < s.size(); ++i) {
      char c = s[i];
      if (c == '+') {
        c = ' ';
      } else if (c == '%') {
        int hi = i + 1 < s.size() ? hex_value(s[i + 1]) : -1;
        int lo = i + 2 < s.size() ? hex_value(s[i + 2]) : -1;
        if (hi < 0 || lo < 0) {
          invalid = true;  // kept as it is
        } else {
          c = static_cast<char>(hi * 16 + lo);
          i += 2;
        }
      }
      out[n++] = c;
    }
    return n;
  });
}

}  // namespace

bool parse_urlencoded(const TransactionState& tx, std::string_view text, char separator,
                      std::vector<Param>& out) {
  bool invalid = false;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find(separator, pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view piece = text.substr(pos, end - pos);
    pos = end + 1;
    if (piece.empty()) continue;
    size_t eq = piece.find('=');
    std::string_view name = piece.substr(0, eq);
    std::string_view value =
        eq == std::string_view::npos ? std::string_view() : piece.substr(eq + 1);
    out.push_back(Param{decode(tx, name, invalid), decode(tx, value, invalid)});
  }
  return !invalid;
}

void add_within_arguments_limit(TransactionState& tx, std::vector<Param>& parsed,
                                std::vector<Param>& out) {
  size_t limit = tx.settings().max_arguments();
  size_t have = tx.args_get.size() + tx.args_post.size() + tx.args_json.size();
  size_t room = have < limit ? limit - have : 0;
  if (parsed.size() > room) {
    parsed.resize(room);
    tx.reqbody_error = true;
    tx.reqbody_error_msg = "SecArgumentsLimit exceeded";
  }
  out.reserve(out.size() + parsed.size());
  for (const Param& p : parsed) out.push_back(hashed_param(p.name, p.value));
}

}  // namespace rampart::body
