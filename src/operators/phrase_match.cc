#include "operators/phrase_match.h"

#include "operators/aho_corasick.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

class PhraseMatch final : public Operator {
 public:
  explicit PhraseMatch(std::vector<std::string> phrases) : automaton_(std::move(phrases)) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    AhoCorasick::Match found;
    if (!automaton_.find(value, found)) return false;
    const std::string& phrase = automaton_.phrases()[found.phrase];
    if (st.want_message)
      st.message =
          quoted_message("Matched phrase", truncate_for_message(log_escape(phrase)), st.var_name());
    if (st.capture) st.captures.assign(1, phrase);
    return true;
  }

 private:
  AhoCorasick automaton_;
};

}  // namespace

std::unique_ptr<Operator> make_phrase_match(std::vector<std::string> phrases) {
  return std::make_unique<PhraseMatch>(std::move(phrases));
}

void split_phrases(std::string_view text, std::vector<std::string>& out) {
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(static_cast<unsigned char>(text[i]))) ++i;
    size_t start = i;
    while (i < text.size() && !is_space(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) out.emplace_back(text.substr(start, i - start));
  }
}

}  // namespace rampart::operators
