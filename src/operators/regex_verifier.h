// The search shared by @verifyCC, @verifyCPF and @verifySSN: each match of the parameter's regex
// is a candidate handed to a checksum; the first candidate that passes makes the operator match.
// After a failing candidate the search resumes one byte after its start, as in v2. The regex is
// compiled as v2 does for these operators: dot matches newline, ^ and $ match at line breaks.
// Message: `<label> match "<pattern>" at <var>. [offset "<offset of the number>"]`, with label
// "CC#", "CPF#" or "SSN#". With `capture`: as in v2, TX.0 .. TX.<groups> all hold the number.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "operators/operator.h"

namespace rampart::operators {

// True when the candidate (the whole regex match, separators included) is a valid number.
using CandidateCheck = bool (*)(std::string_view candidate);

std::unique_ptr<Operator> make_regex_verifier(const OperatorArgs& args, std::string& error,
                                              CandidateCheck check, std::string_view label);

}  // namespace rampart::operators
