// @containsWord: the parameter (macros expanded) occurs in the value as a whole word: the bytes
// before and after the occurrence are absent or not word bytes (ASCII letter, digit, '_'). Every
// occurrence is tried, so "selection select" matches "select". An empty parameter always matches.
// Parameter: the word. Example: SecRule ARGS "@containsWord select" "id:1"
// Message: String match "<param>" at <var>.
#include "operators/all.h"
#include "operators/string_param.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

bool is_word_byte(char c) {
  return is_alnum(static_cast<unsigned char>(c)) || c == '_';
}

bool contains_word(std::string_view text, std::string_view word) {
  if (word.empty()) return true;
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    size_t end = at + word.size();
    bool starts_word = at == 0 || !is_word_byte(text[at - 1]);
    bool ends_word = end == text.size() || !is_word_byte(text[end]);
    if (starts_word && ends_word) return true;
  }
  return false;
}

class ContainsWord final : public Operator {
 public:
  explicit ContainsWord(const OperatorArgs& args) : param_(args) {}

  bool match(std::string_view value, std::string_view param, MatchState& st) const override {
    std::string_view word = param_.get(param);
    if (!contains_word(value, word)) return false;
    st.message = quoted_message("String match", log_escape(word), st.var_name());
    return true;
  }

 private:
  StringParam param_;
};

}  // namespace

std::unique_ptr<Operator> make_contains_word(const OperatorArgs& args, std::string&) {
  return std::make_unique<ContainsWord>(args);
}

}  // namespace rampart::operators
