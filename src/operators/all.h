// Factories of every operator (each defined in its own file), collected by registry.cc. A factory
// returns nullptr and sets `error` when the parameter is unusable.
#pragma once

#include <memory>
#include <string>

#include "operators/operator.h"

namespace rampart::operators {

std::unique_ptr<Operator> make_rx(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_rsub(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_validate_hash(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_pm(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_pm_from_file(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_streq(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_contains(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_contains_word(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_begins_with(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_ends_with(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_within(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_eq(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_lt(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_le(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_gt(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_ge(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_ip_match(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_ip_match_from_file(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_unconditional_match(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_no_match(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_strmatch(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_validate_byte_range(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_validate_url_encoding(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_validate_utf8_encoding(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_verify_cc(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_verify_cpf(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_verify_ssn(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_detect_sqli(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_detect_xss(const OperatorArgs& args, std::string& error);
// XML (libxml2), against the request body's document
std::unique_ptr<Operator> make_validate_dtd(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_validate_schema(const OperatorArgs& args, std::string& error);
// lookups and external programs (src/lookups/)
std::unique_ptr<Operator> make_geo_lookup(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_gsb_lookup(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_rbl(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_inspect_file(const OperatorArgs& args, std::string& error);
std::unique_ptr<Operator> make_fuzzy_hash(const OperatorArgs& args, std::string& error);

}  // namespace rampart::operators
