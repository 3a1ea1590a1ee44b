// libFuzzer harness: the @rx prefilter never rejects a subject PCRE2 matches (a false rejection
// would let an attack through). Input: a pattern, a NUL byte, a subject; without a NUL the input
// is both. Each subject is also tried with the prefilter's literals spliced in, in both cases,
// so that subjects near a match are common. Patterns PCRE2 refuses, or that get no prefilter,
// are skipped; a match limit hit is no verdict. Where the prefilter leaves only a match at the
// subject's start (a pattern with a `^` branch), the pattern compiled anchored must find the very
// match the unanchored one finds. Given the subject's ByteMask, the prefilter must answer the
// same as without it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/regex.h"
#include "engine/regex_prefilter.h"

namespace {

using Verdict = rampart::RegexPrefilter::Verdict;

void check(const rampart::Regex& re, const rampart::Regex* anchored,
           const rampart::RegexPrefilter& pf, const std::string& subject,
           rampart::RegexScratch& scratch) {
  Verdict verdict = pf.check(subject);
  rampart::ByteMask bytes = rampart::ByteMask::of(subject);
  if (pf.check(subject, &bytes) != verdict) __builtin_trap();  // the engine's shortcut differs
  if (verdict == Verdict::kMaybe) return;
  int full = re.match(subject, scratch);
  if (verdict == Verdict::kNoMatch) {
    if (full > 0) __builtin_trap();  // rejected, yet PCRE2 matches
    return;
  }
  std::string_view expected = full > 0 ? rampart::Regex::group(subject, scratch, 0) : "";
  int got = anchored->match(subject, scratch);
  if (full < 0 || got < 0) return;
  if ((got > 0) != (full > 0)) __builtin_trap();  // the anchored run answers differently
  if (full > 0) {
    std::string_view found = rampart::Regex::group(subject, scratch, 0);
    if (found.data() != expected.data() || found.size() != expected.size()) __builtin_trap();
  }
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

  std::unique_ptr<rampart::Regex> anchored;
  if (pf->or_at_start()) {
    anchored = rampart::Regex::compile(pattern,
                                       rampart::Regex::kRxFlags | rampart::Regex::kAnchored, error);
    if (anchored == nullptr) __builtin_trap();  // it compiled unanchored
  }

  rampart::RegexScratch scratch(20000, 20000);
  check(*re, anchored.get(), *pf, subject, scratch);
  size_t at = subject.empty() ? 0 : data[0] % (subject.size() + 1);
  for (const std::string& lit : pf->literals()) {
    for (const std::string& spelling : {lit, upper(lit)}) {
      std::string s = subject;
      s.insert(at, spelling);
      check(*re, anchored.get(), *pf, s, scratch);
    }
  }
  return 0;
}
