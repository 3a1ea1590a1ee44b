#include "operators/regex_verifier.h"

#include "engine/regex.h"
#include "operators/regex_error.h"

namespace rampart::operators {

namespace {

constexpr int kMaxCaptures = 10;

class RegexVerifier final : public Operator {
 public:
  RegexVerifier(std::unique_ptr<Regex> re, std::string_view pattern, CandidateCheck check,
                std::string_view label)
      : re_(std::move(re)), pattern_(pattern), check_(check), label_(label) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    // The wrapper matches from the subject's start, so each retry searches a suffix.
    for (size_t offset = 0; offset < value.size(); ++offset) {
      std::string_view rest = value.substr(offset);
      int pairs = re_->match(rest, *st.scratch);
      if (pairs < 0) {
        st.limit_exceeded = true;
        return false;
      }
      if (pairs == 0) return false;
      std::string_view candidate = Regex::group(rest, *st.scratch, 0);
      if (candidate.data() == nullptr) return false;  // group 0 is always set on a match
      offset += static_cast<size_t>(candidate.data() - rest.data());
      if (candidate.empty() || !check_(candidate)) continue;
      if (st.capture)
        st.captures.assign(pairs < kMaxCaptures ? pairs : kMaxCaptures, std::string(candidate));
      st.message = label_ + " match \"" + pattern_ + "\" at ";
      st.message.append(st.var_name()).append(". [offset \"").append(std::to_string(offset));
      st.message.append("\"]");
      return true;
    }
    return false;
  }

 private:
  std::unique_ptr<Regex> re_;
  std::string pattern_;
  CandidateCheck check_;
  std::string label_;
};

}  // namespace

std::unique_ptr<Operator> make_regex_verifier(const OperatorArgs& args, std::string& error,
                                              CandidateCheck check, std::string_view label) {
  std::string regex_error;
  // Compiled once as written so error offsets refer to the user's text, then with (?m), the
  // inline form of the PCRE_MULTILINE option v2 uses here (the wrapper has no flag for it).
  if (Regex::compile(args.param, Regex::kDotAll, regex_error) == nullptr) {
    error = regex_compile_error(regex_error);
    return nullptr;
  }
  std::unique_ptr<Regex> re =
      Regex::compile("(?m)" + std::string(args.param), Regex::kDotAll, regex_error);
  if (re == nullptr) {
    error = regex_compile_error(regex_error);
    return nullptr;
  }
  return std::make_unique<RegexVerifier>(std::move(re), args.param, check, label);
}

}  // namespace rampart::operators
