// The one table of operators, looked up by name (case-insensitively, as v2 does) when rules are
// parsed.
#include <array>

#include "operators/all.h"
#include "operators/operator.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

constexpr std::array kOperators = {
    OperatorDef{"rx", make_rx},
    OperatorDef{"rsub", make_rsub},
    OperatorDef{"validateHash", make_validate_hash},
    OperatorDef{"pm", make_pm},
    OperatorDef{"pmFromFile", make_pm_from_file},
    OperatorDef{"pmf", make_pm_from_file},
    OperatorDef{"streq", make_streq},
    OperatorDef{"contains", make_contains},
    OperatorDef{"containsWord", make_contains_word},
    OperatorDef{"beginsWith", make_begins_with},
    OperatorDef{"endsWith", make_ends_with},
    OperatorDef{"within", make_within},
    OperatorDef{"eq", make_eq},
    OperatorDef{"lt", make_lt},
    OperatorDef{"le", make_le},
    OperatorDef{"gt", make_gt},
    OperatorDef{"ge", make_ge},
    OperatorDef{"ipMatch", make_ip_match},
    OperatorDef{"ipMatchFromFile", make_ip_match_from_file},
    OperatorDef{"ipMatchF", make_ip_match_from_file},
    OperatorDef{"unconditionalMatch", make_unconditional_match},
    OperatorDef{"noMatch", make_no_match},
    OperatorDef{"strmatch", make_strmatch},
    OperatorDef{"validateByteRange", make_validate_byte_range},
    OperatorDef{"validateUrlEncoding", make_validate_url_encoding},
    OperatorDef{"validateUtf8Encoding", make_validate_utf8_encoding},
    OperatorDef{"verifyCC", make_verify_cc},
    OperatorDef{"verifyCPF", make_verify_cpf},
    OperatorDef{"verifySSN", make_verify_ssn},
    OperatorDef{"detectSQLi", make_detect_sqli},
    OperatorDef{"detectXSS", make_detect_xss},
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
