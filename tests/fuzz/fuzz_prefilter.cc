// libFuzzer harness: the @rx prefilter never rejects a subject PCRE2 matches (a false rejection
// would let an attack through). Input: a pattern, a NUL byte, a subject; without a NUL the input
// is both. Each subject is also tried with the prefilter's literals spliced in, in both cases,
// so that subjects near a match are common. Patterns PCRE2 refuses, or that get no prefilter,
// are skipped; a match limit hit is no verdict.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/regex.h"
#include "engine/regex_prefilter.h"

namespace {

void check(const rampart::Regex& re, const rampart::RegexPrefilter& pf, const std::string& subject,
           rampart::RegexScratch& scratch) {
  if (pf.may_match(subject)) return;
  if (re.match(subject, scratch) > 0) __builtin_trap();  // rejected, yet PCRE2 matches
}

std::string upper(std::string s) {
  for (char& c : s)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  size_t cut = in.find('\0');
  std::string_view pattern = in.substr(0, cut);
  std::string subject(cut == std::string_view::npos ? in : in.substr(cut + 1));
  if (pattern.size() > 2048 || subject.size() > 4096) return 0;

  std::string error;
  std::unique_ptr<rampart::Regex> re =
      rampart::Regex::compile(pattern, rampart::Regex::kRxFlags, error);
  if (re == nullptr) return 0;
  std::unique_ptr<rampart::RegexPrefilter> pf = rampart::RegexPrefilter::build(pattern);
  if (pf == nullptr) return 0;

  rampart::RegexScratch scratch(20000, 20000);
  check(*re, *pf, subject, scratch);
  size_t at = subject.empty() ? 0 : data[0] % (subject.size() + 1);
  for (const std::string& lit : pf->literals()) {
    for (const std::string& spelling : {lit, upper(lit)}) {
      std::string s = subject;
      s.insert(at, spelling);
      check(*re, *pf, s, scratch);
    }
  }
  return 0;
}
