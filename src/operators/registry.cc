// The one table of operators, looked up by name (case-insensitively, as v2 does) when rules are
// parsed.
#include <array>

#include "operators/all.h"
#include "operators/operator.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

// Operators whose answer depends on the value and the parameter alone: no side effect, nothing
// read from the transaction or outside it (see OperatorDef::value_only).
constexpr bool kValueOnly = true;

constexpr std::array kOperators = {
    OperatorDef{"rx", make_rx, kValueOnly},
    OperatorDef{"rsub", make_rsub},
    OperatorDef{"validateHash", make_validate_hash},
    OperatorDef{"pm", make_pm, kValueOnly},
    OperatorDef{"pmFromFile", make_pm_from_file, kValueOnly},
    OperatorDef{"pmf", make_pm_from_file, kValueOnly},
    OperatorDef{"streq", make_streq, kValueOnly},
    OperatorDef{"contains", make_contains, kValueOnly},
    OperatorDef{"containsWord", make_contains_word, kValueOnly},
    OperatorDef{"beginsWith", make_begins_with, kValueOnly},
    OperatorDef{"endsWith", make_ends_with, kValueOnly},
    OperatorDef{"within", make_within, kValueOnly},
    OperatorDef{"eq", make_eq, kValueOnly},
    OperatorDef{"lt", make_lt, kValueOnly},
    OperatorDef{"le", make_le, kValueOnly},
    OperatorDef{"gt", make_gt, kValueOnly},
    OperatorDef{"ge", make_ge, kValueOnly},
    OperatorDef{"ipMatch", make_ip_match, kValueOnly},
    OperatorDef{"ipMatchFromFile", make_ip_match_from_file, kValueOnly},
    OperatorDef{"ipMatchF", make_ip_match_from_file, kValueOnly},
    OperatorDef{"unconditionalMatch", make_unconditional_match, kValueOnly},
    OperatorDef{"noMatch", make_no_match, kValueOnly},
    OperatorDef{"strmatch", make_strmatch, kValueOnly},
    OperatorDef{"validateByteRange", make_validate_byte_range, kValueOnly},
    OperatorDef{"validateUrlEncoding", make_validate_url_encoding, kValueOnly},
    OperatorDef{"validateUtf8Encoding", make_validate_utf8_encoding, kValueOnly},
    OperatorDef{"verifyCC", make_verify_cc, kValueOnly},
    OperatorDef{"verifyCPF", make_verify_cpf, kValueOnly},
    OperatorDef{"verifySSN", make_verify_ssn, kValueOnly},
    OperatorDef{"detectSQLi", make_detect_sqli, kValueOnly},
    OperatorDef{"detectXSS", make_detect_xss, kValueOnly},
    OperatorDef{"validateDTD", make_validate_dtd},
    OperatorDef{"validateSchema", make_validate_schema},
    OperatorDef{"geoLookup", make_geo_lookup},
    OperatorDef{"gsbLookup", make_gsb_lookup},
    OperatorDef{"rbl", make_rbl},
    OperatorDef{"inspectFile", make_inspect_file},
    OperatorDef{"fuzzyHash", make_fuzzy_hash},
};

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(static_cast<unsigned char>(a[i])) !=
        ascii_lower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

}  // namespace

const OperatorDef* find(std::string_view name) {
  for (const OperatorDef& def : kOperators) {
    if (iequals(def.name, name)) return &def;
  }
  return nullptr;
}

std::span<const OperatorDef> all() {
  return kOperators;
}

}  // namespace rampart::operators
