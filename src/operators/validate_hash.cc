// @validateHash: SecHashEngine's check on the way back in. When the value (REQUEST_URI) matches
// the regular expression, its SecHashParam parameter must hold the HMAC the engine gave the link
// (src/hash/hash_engine.h); the operator matches, i.e. the request is invalid, when the parameter
// is missing or wrong. With SecHashEngine Off or ctl:hashEnforcement=Off it never matches.
// Parameter: a regex of protected URLs.
// Example: SecRule REQUEST_URI "@validateHash product_info|list_product" "id:1,phase:2,deny"
// Messages: Request URI matched "<regex>" at REQUEST_URI. No Hash parameter
//           Request URI matched "<regex>" at REQUEST_URI. Hash parameter hash value = [X]
//           Requested URI hash value = [Y]
#include "engine/regex.h"
#include "engine/transaction_state.h"
#include "hash/hash_engine.h"
#include "operators/all.h"
#include "operators/regex_error.h"

namespace rampart::operators {

namespace {

// Finds `[?&]name=value` (the last one: the engine appends it); false when absent.
bool find_param(std::string_view uri, std::string_view name, size_t& at, size_t& end) {
  size_t query = uri.find('?');
  if (query == std::string_view::npos) return false;
  bool found = false;
  for (size_t i = query; i < uri.size(); i = uri.find('&', i + 1)) {
    if (i == std::string_view::npos) break;
    std::string_view rest = uri.substr(i + 1);
    if (rest.size() > name.size() && rest.substr(0, name.size()) == name &&
        rest[name.size()] == '=') {
      at = i;
      end = uri.find('&', i + 1);
      if (end == std::string_view::npos) end = uri.size();
      found = true;
    }
  }
  return found;
}

class ValidateHash final : public Operator {
 public:
  ValidateHash(std::unique_ptr<Regex> re, std::string pattern)
      : re_(std::move(re)), pattern_(std::move(pattern)) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    const TransactionState& tx = *st.tx;
    const Settings& cfg = tx.settings();
    if (!cfg.hash_links() || !cfg.enforce_hashes()) return false;
    int pairs = re_->match(value, *st.scratch);
    if (pairs < 0) st.limit_exceeded = true;
    if (pairs <= 0) return false;
    std::string prefix =
        "Request URI matched \"" + pattern_ + "\" at " + std::string(st.var_name()) + ".";
    size_t at = 0, end = 0;
    std::string_view name = cfg.hash_parameter();
    if (!find_param(value, name, at, end)) {
      st.message = prefix + " No Hash parameter";
      return true;
    }
    std::string_view given = value.substr(at + 1 + name.size() + 1, end - at - name.size() - 2);
    // The URI as it was signed: without the parameter, the separators mended.
    std::string unsigned_uri(value.substr(0, at));
    if (end < value.size()) {
      unsigned_uri += value[at];  // '?' or '&' of the removed parameter goes to the next one
      unsigned_uri.append(value.substr(end + 1));
    }
    std::string expected = hash::sign(tx, unsigned_uri);
    if (given == expected) return false;
    st.message = prefix + " Hash parameter hash value = [" + std::string(given) +
                 "] Requested URI hash value = [" + expected + "]";
    return true;
  }

 private:
  std::unique_ptr<Regex> re_;
  std::string pattern_;
};

}  // namespace

std::unique_ptr<Operator> make_validate_hash(const OperatorArgs& args, std::string& error) {
  if (args.param_has_macros) {
    error = "@validateHash takes a regular expression without macros";
    return nullptr;
  }
  std::string regex_error;
  std::unique_ptr<Regex> re = Regex::compile(args.param, Regex::kDotAll, regex_error);
  if (!re) {
    error = regex_compile_error(regex_error);
    return nullptr;
  }
  return std::make_unique<ValidateHash>(std::move(re), std::string(args.param));
}

}  // namespace rampart::operators
