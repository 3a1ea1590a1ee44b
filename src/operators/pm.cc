// @pm: case-insensitive match of any of several phrases (Aho-Corasick, built at config time).
// Phrases are separated by whitespace and may use v2's content syntax (|hex| bytes, \" escapes;
// see pm_content.h). Macros are not expanded, as in v2.
// Parameter: the phrases. Example: SecRule RESPONSE_HEADERS:Content-Encoding "@pm gzip deflate"
// Message: Matched phrase "<phrase>" at <var>.   With `capture`: TX.0 = the phrase.
#include "operators/all.h"
#include "operators/phrase_match.h"
#include "operators/pm_content.h"

namespace rampart::operators {

std::unique_ptr<Operator> make_pm(const OperatorArgs& args, std::string& error) {
  DecodedContent content = decode_content(args.param, /*strip_quotes=*/true);
  std::vector<std::string> phrases;
  split_phrases(content.text, phrases);
  if (phrases.empty()) {
    error = "Missing parameter for operator 'pm': give one or more space-separated phrases.";
    return nullptr;
  }
  return make_phrase_match(std::move(phrases), args.cache);
}

}  // namespace rampart::operators
