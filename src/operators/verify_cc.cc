// @verifyCC: finds credit card numbers: each match of the parameter's regex is checked with the
// Luhn (mod 10) checksum over its digits (the search is operators/regex_verifier.h).
// Parameter: the regex. Example: SecRule ARGS "@verifyCC \d{13,16}" "id:1,capture"
// Message: CC# match "<pattern>" at <var>. [offset "<offset of the number>"]
#include "operators/all.h"
#include "operators/regex_verifier.h"

namespace rampart::operators {

namespace {

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

}  // namespace

std::unique_ptr<Operator> make_verify_cc(const OperatorArgs& args, std::string& error) {
  return make_regex_verifier(args, error, luhn_valid, "CC#");
}

}  // namespace rampart::operators
