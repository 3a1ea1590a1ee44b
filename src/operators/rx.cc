// @rx: PCRE regular expression match, byte-wise, with v2's compile options (dot matches newline).
// With `capture`, groups 0..9 become TX.0..TX.9. When the pattern has macros v2 escapes the
// expanded text with log_escape_re() and compiles it per evaluation; so do we.
// Parameter: the pattern. Example: SecRule ARGS "@rx (?i)\bunion\s+select\b" "id:1,capture"
// Message: Pattern match "<pattern, escaped, cut at 252 bytes>" at <var>.
// A precompiled pattern gets a literal prefilter when one can be derived (engine/regex_literals.h):
// a value containing none of the literals cannot match, so PCRE2 is not run for it. When the
// pattern has a `^` branch such a value can still match at its start, and a copy of the pattern
// compiled anchored tries just that: the same match, without a walk over every offset.
#include "engine/compile_cache.h"
#include "engine/regex.h"
#include "engine/regex_prefilter.h"
#include "operators/all.h"
#include "operators/regex_error.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

constexpr int kMaxCaptures = 10;  // TX.0 .. TX.9

// Shared by the precompiled and the per-call paths: matches, fills captures and the message.
bool run(const Regex& re, std::string_view message_pattern, std::string_view value,
         MatchState& st) {
  int pairs = re.match(value, *st.scratch);
  if (pairs < 0) {
    st.limit_exceeded = true;
    return false;
  }
  if (pairs == 0) return false;
  if (st.capture) {
    int n = pairs < kMaxCaptures ? pairs : kMaxCaptures;
    st.captures.clear();
    for (int i = 0; i < n; ++i) st.captures.emplace_back(Regex::group(value, *st.scratch, i));
  }
  if (st.want_message) st.message = quoted_message("Pattern match", message_pattern, st.var_name());
  return true;
}

// What a fixed pattern compiles to; shared through the CompileCache by every rule with the same
// pattern, in this load and the next.
struct CompiledRx {
  explicit CompiledRx(std::unique_ptr<Regex> regex)
      : re(std::move(regex)),
        prefilter(RegexPrefilter::build(re->pattern())),
        message_pattern(truncate_for_message(log_escape(re->pattern()))) {
    if (prefilter != nullptr && prefilter->or_at_start()) {
      std::string error;
      anchored = Regex::compile(re->pattern(), Regex::kRxFlags | Regex::kAnchored, error);
      if (anchored == nullptr) prefilter.reset();  // not expected: it compiled unanchored
    }
  }
  std::unique_ptr<Regex> re;
  std::unique_ptr<RegexPrefilter> prefilter;  // nullptr: none derived, PCRE2 always runs
  std::unique_ptr<Regex> anchored;            // for RegexPrefilter::Verdict::kOnlyAtStart
  std::string message_pattern;                // escaped once here so a match only concatenates
};

class Rx final : public Operator {
 public:
  explicit Rx(std::shared_ptr<const CompiledRx> compiled) : c_(std::move(compiled)) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    // A value without any of the pattern's literals cannot match: PCRE2 is skipped, the answer
    // is the same (and a match limit it might have hit on the way is not reached).
    if (c_->prefilter != nullptr) {
      switch (c_->prefilter->check(value, st.value_bytes)) {
        case RegexPrefilter::Verdict::kNoMatch:
          return false;
        case RegexPrefilter::Verdict::kOnlyAtStart:
          return run(*c_->anchored, c_->message_pattern, value, st);
        case RegexPrefilter::Verdict::kMaybe:
          break;
      }
    }
    return run(*c_->re, c_->message_pattern, value, st);
  }
  bool wants_value_bytes() const override { return c_->prefilter != nullptr; }

 private:
  std::shared_ptr<const CompiledRx> c_;
};

class RxWithMacros final : public Operator {
 public:
  bool match(std::string_view value, std::string_view param, MatchState& st) const override {
    std::string error;
    std::unique_ptr<Regex> re = Regex::compile(log_escape_re(param), Regex::kRxFlags, error);
    if (re == nullptr) return false;  // v2 also treats a bad expanded pattern as "no match"
    return run(*re, truncate_for_message(log_escape(re->pattern())), value, st);
  }
};

}  // namespace

std::unique_ptr<Operator> make_rx(const OperatorArgs& args, std::string& error) {
  if (args.param_has_macros) return std::make_unique<RxWithMacros>();
  std::string regex_error;
  auto compiled = compile_cached<CompiledRx>(args.cache, "rx", args.param, [&] {
    std::unique_ptr<Regex> re = Regex::compile(args.param, Regex::kRxFlags, regex_error);
    return re == nullptr ? nullptr : std::make_shared<const CompiledRx>(std::move(re));
  });
  if (compiled == nullptr) {
    error = regex_compile_error(regex_error);
    return nullptr;
  }
  return std::make_unique<Rx>(std::move(compiled));
}

}  // namespace rampart::operators
