// @validateByteRange: matches when the value has a byte outside the allowed ranges (so the usual
// use is to flag unexpected bytes).
// Parameter: comma-separated byte values and inclusive ranges, 0-255. Example:
//   SecRule ARGS "@validateByteRange 1-255" "id:1"
// Message: Found <n> byte(s) in <var> outside range: <param>.
#include <bitset>

#include "operators/all.h"
#include "operators/numeric.h"

namespace rampart::operators {

namespace {

class ValidateByteRange final : public Operator {
 public:
  ValidateByteRange(std::bitset<256> allowed, std::string_view param)
      : allowed_(allowed), param_(param) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    size_t outside = 0;
    for (unsigned char c : value) outside += allowed_[c] ? 0 : 1;
    if (outside == 0) return false;
    st.message = "Found " + std::to_string(outside) + " byte(s) in ";
    st.message.append(st.var_name()).append(" outside range: ").append(param_).append(".");
    return true;
  }

 private:
  std::bitset<256> allowed_;
  std::string param_;
};

// Numbers are read like v2 does, with atoi(); v2's error texts are kept.
bool add_ranges(std::string_view param, std::bitset<256>& allowed, std::string& error) {
  while (!param.empty()) {
    size_t comma = param.find(',');
    std::string_view item = param.substr(0, comma);
    param = comma == std::string_view::npos ? std::string_view() : param.substr(comma + 1);
    if (item.empty()) continue;
    size_t dash = item.find('-');
    // Like v2, atoi() of the whole item: "10-20" starts at 10, "-5" is a start of -5.
    int start = parse_c_int(item);
    int end = dash == std::string_view::npos ? start : parse_c_int(item.substr(dash + 1));
    std::string what = dash == std::string_view::npos ? "value" : "start value";
    if (start < 0 || start > 255) {
      error = "Invalid range " + what + ": " + std::to_string(start);
      return false;
    }
    if (end < 0 || end > 255) {
      error = "Invalid range end value: " + std::to_string(end);
      return false;
    }
    if (start > end) {
      error = "Invalid range: " + std::to_string(start) + "-" + std::to_string(end);
      return false;
    }
    for (int b = start; b <= end; ++b) allowed.set(static_cast<size_t>(b));
  }
  return true;
}

}  // namespace

std::unique_ptr<Operator> make_validate_byte_range(const OperatorArgs& args, std::string& error) {
  if (args.param.find_first_not_of(" \t") == std::string_view::npos) {
    error =
        "Missing parameter for validateByteRange: give byte ranges, e.g. 1-255 or 9,10,13,32-126.";
    return nullptr;
  }
  std::bitset<256> allowed;
  if (!add_ranges(args.param, allowed, error)) {
    error += " in validateByteRange (bytes are 0-255, e.g. 32-126).";
    return nullptr;
  }
  return std::make_unique<ValidateByteRange>(allowed, args.param);
}

}  // namespace rampart::operators
