// @verifyCC: finds credit card numbers: each match of the parameter's regex is checked with the
// Luhn (mod 10) checksum over its digits; the first match that passes makes the operator match.
// After a failing candidate the search resumes one byte after its start, as in v2. The regex is
// compiled like v2 does for this operator: dot matches newline, ^ and $ match at line breaks.
// Parameter: the regex. Example: SecRule ARGS "@verifyCC \d{13,16}" "id:1,capture"
// Message: CC# match "<pattern>" at <var>. [offset "<offset of the number>"]
// With `capture`: as in v2, TX.0 .. TX.<groups> all hold the whole number.
#include "engine/regex.h"
#include "operators/all.h"
#include "operators/regex_error.h"

namespace rampart::operators {

namespace {

constexpr int kMaxCaptures = 10;

bool luhn_valid(std::string_view candidate) {
  int sum = 0;
  int digits = 0;
  // From the rightmost digit, every second digit is doubled (minus 9 when above 9).
  for (size_t i = candidate.size(); i-- > 0;) {
    char c = candidate[i];
    if (c < '0' || c > '9') continue;
    int d = c - '0';
    if (digits % 2 == 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
    ++digits;
  }
  return digits > 0 && sum % 10 == 0;
}

class VerifyCc final : public Operator {
 public:
  VerifyCc(std::unique_ptr<Regex> re, std::string_view pattern)
      : re_(std::move(re)), pattern_(pattern) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    // The wrapper matches from the subject's start, so each retry searches a suffix.
    for (size_t offset = 0; offset < value.size(); ++offset) {
      std::string_view rest = value.substr(offset);
      int pairs = re_->match(rest, *st.scratch);
      if (pairs < 0) {
        st.limit_exceeded = true;
        return false;
      }
      if (pairs == 0) return false;
      std::string_view candidate = Regex::group(rest, *st.scratch, 0);
      if (candidate.data() == nullptr) return false;  // group 0 is always set on a match
      offset += static_cast<size_t>(candidate.data() - rest.data());
      if (candidate.empty() || !luhn_valid(candidate)) continue;
      if (st.capture)
        st.captures.assign(pairs < kMaxCaptures ? pairs : kMaxCaptures, std::string(candidate));
      st.message = "CC# match \"" + pattern_ + "\" at ";
      st.message.append(st.var_name).append(". [offset \"").append(std::to_string(offset));
      st.message.append("\"]");
      return true;
    }
    return false;
  }

 private:
  std::unique_ptr<Regex> re_;
  std::string pattern_;
};

}  // namespace

std::unique_ptr<Operator> make_verify_cc(const OperatorArgs& args, std::string& error) {
  std::string regex_error;
  // Compiled once as written so error offsets refer to the user's text, then with (?m), the
  // inline form of the PCRE_MULTILINE option v2 uses here (the wrapper has no flag for it).
  if (Regex::compile(args.param, Regex::kDotAll, regex_error) == nullptr) {
    error = regex_compile_error(regex_error);
    return nullptr;
  }
  std::unique_ptr<Regex> re =
      Regex::compile("(?m)" + std::string(args.param), Regex::kDotAll, regex_error);
  if (re == nullptr) {
    error = regex_compile_error(regex_error);
    return nullptr;
  }
  return std::make_unique<VerifyCc>(std::move(re), args.param);
}

}  // namespace rampart::operators
