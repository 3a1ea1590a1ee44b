// @pmFromFile (alias @pmf): @pm with the phrases read from files, one phrase per line. The
// parameter lists files separated by whitespace; a relative path is taken from the directory of
// the rule's file. Each line is decoded with v2's content syntax (pm_content.h) and trimmed of
// surrounding whitespace (so CRLF files work); empty lines and lines starting with '#' are skipped.
// Parameter: the files. Example: SecRule ARGS "@pmFromFile lfi-os-files.data" "id:1"
// Message: Matched phrase "<phrase>" at <var>.   With `capture`: TX.0 = the phrase.
#include "operators/all.h"
#include "operators/file_util.h"
#include "operators/phrase_match.h"
#include "operators/pm_content.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

bool load_phrases(const std::string& path, std::vector<std::string>& phrases, std::string& error) {
  std::vector<std::string> lines;
  std::string reason;
  if (!read_lines(path, lines, reason)) {
    error = "Could not open phrase file \"" + path + "\": " + reason;
    return false;
  }
  for (const std::string& line : lines) {
    DecodedContent content = decode_content(line, /*strip_quotes=*/false);
    std::string_view phrase = trim(content.text);
    if (phrase.empty() || phrase.front() == '#') continue;
    phrases.emplace_back(phrase);
  }
  return true;
}

}  // namespace

std::unique_ptr<Operator> make_pm_from_file(const OperatorArgs& args, std::string& error) {
  std::vector<std::string> files;
  split_phrases(args.param, files);
  if (files.empty()) {
    error = "Missing parameter for operator 'pmFromFile': give one or more phrase files.";
    return nullptr;
  }
  std::vector<std::string> phrases;
  for (const std::string& file : files) {
    if (!load_phrases(resolve_path(args.base_dir, file), phrases, error)) return nullptr;
  }
  // v2 accepts files without phrases; the operator then never matches.
  return make_phrase_match(std::move(phrases), args.cache);
}

}  // namespace rampart::operators
