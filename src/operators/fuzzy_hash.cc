// @fuzzyHash: the value's ssdeep fuzzy hash (Context Triggered Piecewise Hashing) is compared
// with each hash of a file; matches when a comparison scores at least the threshold (0-100).
// The file is read once at load: one hash per line, as `ssdeep` writes them
// ("96:abc…:def…,"name"" after an "ssdeep,1.1--blocksize:hash:hash,filename" header; the part
// after the comma and lines starting with '#' are ignored).
// Parameter: the file (relative to the rule file's directory unless absolute) and the threshold.
// Example:
//   SecRule REQUEST_BODY "@fuzzyHash known-webshells.ssdeep 80" "id:1,phase:2,deny"
// Message: Fuzzy hash of <var> matched with <hash> (from: <file>). Score: <n>.
// Needs libfuzzy (Debian libfuzzy-dev) at build time; without it the rule is a load error.
#include <charconv>

#include "log/alert.h"
#include "operators/all.h"
#include "operators/file_util.h"
#include "operators/text_util.h"

#if RAMPART_HAVE_FUZZY
#include <fuzzy.h>
#endif

namespace rampart::operators {

#if RAMPART_HAVE_FUZZY

namespace {

class FuzzyHash final : public Operator {
 public:
  FuzzyHash(std::string file, std::vector<std::string> hashes, int threshold)
      : file_(std::move(file)), hashes_(std::move(hashes)), threshold_(threshold) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    char digest[FUZZY_MAX_RESULT];
    if (fuzzy_hash_buf(reinterpret_cast<const unsigned char*>(value.data()),
                       static_cast<uint32_t>(value.size()), digest) != 0)
      return false;
    for (const std::string& h : hashes_) {
      int score = fuzzy_compare(digest, h.c_str());
      if (score >= threshold_) {
        st.message = "Fuzzy hash of " + std::string(st.var_name()) + " matched with " +
                     log::escape(h) + " (from: " + log::escape(file_) +
                     "). Score: " + std::to_string(score) + ".";
        return true;
      }
    }
    return false;
  }

 private:
  std::string file_;
  std::vector<std::string> hashes_;
  int threshold_;
};

}  // namespace

std::unique_ptr<Operator> make_fuzzy_hash(const OperatorArgs& args, std::string& error) {
  std::string_view param = trim(args.param);
  size_t space = param.find_last_of(" \t");
  if (space == std::string_view::npos) {
    error = "give a file of ssdeep hashes and a threshold 0-100, e.g. @fuzzyHash hashes.txt 80";
    return nullptr;
  }
  std::string_view file = trim(param.substr(0, space)), number = param.substr(space + 1);
  int threshold = -1;
  auto [p, ec] = std::from_chars(number.data(), number.data() + number.size(), threshold);
  if (ec != std::errc() || p != number.data() + number.size() || threshold < 0 || threshold > 100) {
    error = "the threshold must be a number 0-100, got '" + std::string(number) + "'";
    return nullptr;
  }
  std::string path = resolve_path(args.base_dir, file);
  std::vector<std::string> lines, hashes;
  std::string reason;
  if (!read_lines(path, lines, reason)) {
    error = "cannot read hash file \"" + path + "\": " + reason;
    return nullptr;
  }
  for (const std::string& line : lines) {
    std::string_view h = trim(line);
    if (h.empty() || h.front() == '#' || h.starts_with("ssdeep,")) continue;
    h = h.substr(0, h.find(','));
    // blocksize:hash:hash, or it is not an ssdeep hash at all
    size_t c1 = h.find(':'), c2 = c1 == std::string_view::npos ? c1 : h.find(':', c1 + 1);
    if (c2 == std::string_view::npos) {
      error = "\"" + path + "\": '" + std::string(h) +
              "' is not an ssdeep hash (blocksize:hash:hash, as `ssdeep FILE` prints)";
      return nullptr;
    }
    hashes.emplace_back(h);
  }
  return std::make_unique<FuzzyHash>(std::move(path), std::move(hashes), threshold);
}

#else

std::unique_ptr<Operator> make_fuzzy_hash(const OperatorArgs&, std::string& error) {
  error =
      "not available: Rampart was built without libfuzzy (ssdeep). Install libfuzzy-dev "
      "(scripts/setup.sh) and rebuild";
  return nullptr;
}

#endif

}  // namespace rampart::operators
