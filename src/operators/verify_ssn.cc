// @verifySSN: finds US social security numbers: each match of the parameter's regex is checked
// with v2's rules (the search is operators/regex_verifier.h): exactly 9 digits (other characters
// such as '-' are skipped), not all one digit, not 9 ascending consecutive digits (123456789),
// area (digits 1-3) not 000, 666 or 740 and above, group (4-5) not 00, serial (6-9) not 0000.
// Parameter: the regex. Example: SecRule ARGS "@verifySSN \d{3}-?\d{2}-?\d{4}" "id:1"
// Message: SSN# match "<pattern>" at <var>. [offset "<offset of the number>"]
#include <array>

#include "operators/all.h"
#include "operators/regex_verifier.h"

namespace rampart::operators {

namespace {

constexpr int kSsnDigits = 9;

bool ssn_valid(std::string_view candidate) {
  std::array<int, kSsnDigits> d{};
  int n = 0;
  for (char c : candidate) {
    if (c < '0' || c > '9') continue;
    if (n == kSsnDigits) return false;  // more than 9 digits
    d[n++] = c - '0';
  }
  if (n != kSsnDigits) return false;
  int ascending = 0;
  int repeated = 0;
  for (int i = 0; i + 1 < kSsnDigits; ++i) {
    if (d[i + 1] == d[i] + 1) ++ascending;
    if (d[i + 1] == d[i]) ++repeated;
  }
  if (ascending == kSsnDigits - 1 || repeated == kSsnDigits - 1) return false;
  int area = d[0] * 100 + d[1] * 10 + d[2];
  int group = d[3] * 10 + d[4];
  int serial = d[5] * 1000 + d[6] * 100 + d[7] * 10 + d[8];
  if (area == 0 || group == 0 || serial == 0) return false;
  return area < 740 && area != 666;
}

}  // namespace

std::unique_ptr<Operator> make_verify_ssn(const OperatorArgs& args, std::string& error) {
  return make_regex_verifier(args, error, ssn_valid, "SSN#");
}

}  // namespace rampart::operators
