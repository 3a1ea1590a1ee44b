// @detectSQLi: matches when the value is an injected SQL fragment. Our own tokenizer reads the
// value as it stands and as the rest of a '...' or "..." literal, folds the first tokens into a
// fingerprint (e.g. "s&1=1" for `x' OR 1=1`) and compares it with our list of attack shapes
// (src/operators/sqli/). It does the job of v2's libinjection call with different code and data.
// Parameter: none. Example: SecRule ARGS "@detectSQLi" "id:1,capture"
// Message: detected SQLi using libinjection with fingerprint '<fingerprint>' (v2's wording, kept
// so log parsers keep working). With `capture`: TX.0 is the fingerprint, as in v2.
#include "operators/all.h"
#include "operators/sqli/detect.h"

namespace rampart::operators {

namespace {

class DetectSqli final : public Operator {
 public:
  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    sqli::Fingerprint fp;
    if (!sqli::detect(value, fp)) return false;
    std::string_view codes = fp.view();
    st.message = "detected SQLi using libinjection with fingerprint '";
    st.message.append(codes).append("'");
    if (st.capture) st.captures.assign(1, std::string(codes));
    return true;
  }
};

}  // namespace

std::unique_ptr<Operator> make_detect_sqli(const OperatorArgs&, std::string&) {
  return std::make_unique<DetectSqli>();
}

}  // namespace rampart::operators
