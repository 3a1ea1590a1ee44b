// @detectXSS: matches when the value would run script if a page echoed it. Our own HTML reader
// (src/operators/xss/) looks for tags that run or load script, event-handler attributes,
// javascript:/vbscript:/data:text/html URLs (also behind character references and whitespace),
// script-running CSS, and tricks such as <![CDATA[ and IE conditional comments - in text, and
// inside single-, double-, back-quoted and unquoted attribute values. It does the job of v2's
// libinjection call with different code and data.
// Parameter: none. Example: SecRule ARGS "@detectXSS" "id:1"
// Message: detected XSS using libinjection. (v2's wording, kept so log parsers keep working).
// With `capture`: TX.0 is the value.
#include "operators/all.h"
#include "operators/xss/detect.h"

namespace rampart::operators {

namespace {

class DetectXss final : public Operator {
 public:
  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    if (!xss::detect(value)) return false;
    st.message = "detected XSS using libinjection.";
    if (st.capture) st.captures.assign(1, std::string(value));
    return true;
  }
};

}  // namespace

std::unique_ptr<Operator> make_detect_xss(const OperatorArgs&, std::string&) {
  return std::make_unique<DetectXss>();
}

}  // namespace rampart::operators
