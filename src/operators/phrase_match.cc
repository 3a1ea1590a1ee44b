#include "operators/phrase_match.h"

#include "engine/compile_cache.h"
#include "operators/aho_corasick.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

class PhraseMatch final : public Operator {
 public:
  explicit PhraseMatch(std::shared_ptr<const AhoCorasick> automaton)
      : automaton_(std::move(automaton)) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    AhoCorasick::Match found;
    if (!automaton_->find(value, found)) return false;
    const std::string& phrase = automaton_->phrases()[found.phrase];
    if (st.want_message)
      st.message =
          quoted_message("Matched phrase", truncate_for_message(log_escape(phrase)), st.var_name());
    if (st.capture) st.captures.assign(1, phrase);
    return true;
  }

 private:
  std::shared_ptr<const AhoCorasick> automaton_;  // shared through the CompileCache
};

// The cache key of a phrase list: each phrase after its length, so that no two lists share one.
std::string phrase_list_key(const std::vector<std::string>& phrases) {
  size_t bytes = 0;
  for (const std::string& p : phrases) bytes += p.size() + 1;
  std::string key;
  key.reserve(bytes + phrases.size() * 4);
  for (const std::string& p : phrases) key.append(std::to_string(p.size())).append(":").append(p);
  return key;
}

}  // namespace

std::unique_ptr<Operator> make_phrase_match(std::vector<std::string> phrases, CompileCache* cache) {
  std::string key = cache != nullptr ? phrase_list_key(phrases) : std::string();
  auto automaton = compile_cached<AhoCorasick>(
      cache, "pm", key, [&] { return std::make_shared<const AhoCorasick>(std::move(phrases)); });
  return std::make_unique<PhraseMatch>(std::move(automaton));
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
