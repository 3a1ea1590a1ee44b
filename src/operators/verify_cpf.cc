// @verifyCPF: finds Brazilian taxpayer numbers (CPF): each match of the parameter's regex is
// checked as v2 does (the search is operators/regex_verifier.h): its first 11 digits are the
// number (other characters such as '.' and '-' are skipped; fewer than 11 digits fail), a number
// of one repeated digit or 01234567890 fails, and the last two digits must be the two mod-11
// check digits of the first nine.
// Parameter: the regex. Example: SecRule ARGS "@verifyCPF \d{3}\.?\d{3}\.?\d{3}-?\d{2}" "id:1"
// Message: CPF# match "<pattern>" at <var>. [offset "<offset of the number>"]
#include <array>

#include "operators/all.h"
#include "operators/regex_verifier.h"

namespace rampart::operators {

namespace {

constexpr size_t kCpfDigits = 11;

// Check digit over the first `count` digits, with weights count+1 down to 2.
int check_digit(const std::array<int, kCpfDigits>& d, size_t count) {
  int sum = 0;
  for (size_t i = 0; i < count; ++i) sum += d[i] * static_cast<int>(count + 1 - i);
  int rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

bool cpf_valid(std::string_view candidate) {
  std::array<int, kCpfDigits> d{};
  size_t n = 0;
  for (char c : candidate) {
    if (c >= '0' && c <= '9' && n < kCpfDigits) d[n++] = c - '0';
  }
  if (n != kCpfDigits) return false;
  // Numbers that pass the checksum but are never issued: one digit repeated, and 01234567890.
  bool repeated = true;
  bool ascending = true;
  for (size_t i = 0; i < kCpfDigits; ++i) {
    if (d[i] != d[0]) repeated = false;
    if (d[i] != static_cast<int>(i % 10)) ascending = false;
  }
  if (repeated || ascending) return false;
  return d[9] == check_digit(d, 9) && d[10] == check_digit(d, 10);
}

}  // namespace

std::unique_ptr<Operator> make_verify_cpf(const OperatorArgs& args, std::string& error) {
  return make_regex_verifier(args, error, cpf_valid, "CPF#");
}

}  // namespace rampart::operators
