#include "engine/regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace rampart {

namespace {
// Enough pairs for any CRS pattern; a pattern with more groups still reports a match (rc == 0 from
// PCRE2 means "ovector too small", which we map to "matched, all pairs valid").
constexpr uint32_t kOvectorPairs = 64;
}  // namespace

RegexScratch::RegexScratch(uint32_t match_limit, uint32_t depth_limit) {
  match_data_ = pcre2_match_data_create(kOvectorPairs, nullptr);
  context_ = pcre2_match_context_create(nullptr);
  pcre2_set_match_limit(context_, match_limit);
  pcre2_set_depth_limit(context_, depth_limit);
  // No JIT stack of our own yet: PCRE2 then uses 32 KiB of the thread's stack, enough for
  // almost every match. A 1 MiB JIT stack made for every transaction cost an mmap, a munmap
  // and page faults each time, a large share of a small request's time (found with
  // `rampart replay --profile`); it is made only when a match runs out (grow_jit_stack).
}

bool RegexScratch::grow_jit_stack() {
  if (jit_stack_ != nullptr) return false;  // already at the largest stack we give
  jit_stack_ = pcre2_jit_stack_create(32 * 1024, 1024 * 1024, nullptr);
  if (jit_stack_ == nullptr) return false;
  pcre2_jit_stack_assign(context_, nullptr, jit_stack_);
  return true;
}

RegexScratch::~RegexScratch() {
  pcre2_jit_stack_free(jit_stack_);
  pcre2_match_context_free(context_);
  pcre2_match_data_free(match_data_);
}

std::unique_ptr<Regex> Regex::compile(std::string_view pattern, uint32_t flags,
                                      std::string& error) {
  uint32_t options = 0;
  if (flags & kCaseless) options |= PCRE2_CASELESS;
  if (flags & kDotAll) options |= PCRE2_DOTALL;
  if (flags & kDollarEndOnly) options |= PCRE2_DOLLAR_ENDONLY;
  if (flags & kAnchored) options |= PCRE2_ANCHORED;
  int errcode = 0;
  PCRE2_SIZE erroffset = 0;
  pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                   options, &errcode, &erroffset, nullptr);
  if (code == nullptr) {
    PCRE2_UCHAR buf[256];
    pcre2_get_error_message(errcode, buf, sizeof buf);
    error = std::string(reinterpret_cast<char*>(buf)) + " at offset " + std::to_string(erroffset);
    return nullptr;
  }
  std::unique_ptr<Regex> re(new Regex());
  re->code_ = code;
  re->pattern_ = std::string(pattern);
  // JIT is an optimisation: when it is unavailable the interpreter gives the same answers.
  re->jit_ = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
  return re;
}

Regex::~Regex() {
  pcre2_code_free(code_);
}

int Regex::match(std::string_view subject, RegexScratch& scratch) const {
  auto* subj = reinterpret_cast<PCRE2_SPTR>(subject.data() != nullptr ? subject.data() : "");
  int rc = jit_ ? pcre2_jit_match(code_, subj, subject.size(), 0, 0, scratch.match_data(),
                                  scratch.context())
                : pcre2_match(code_, subj, subject.size(), 0, 0, scratch.match_data(),
                              scratch.context());
  // The larger CRS patterns on long inputs need more than the default 32 KiB JIT stack.
  if (rc == PCRE2_ERROR_JIT_STACKLIMIT && scratch.grow_jit_stack())
    rc =
        pcre2_jit_match(code_, subj, subject.size(), 0, 0, scratch.match_data(), scratch.context());
  if (rc == 0) return static_cast<int>(kOvectorPairs);
  if (rc == PCRE2_ERROR_NOMATCH) return 0;
  return rc > 0 ? rc : -1;
}

std::string_view Regex::group(std::string_view subject, const RegexScratch& scratch, int i) {
  if (i < 0 || static_cast<uint32_t>(i) >= kOvectorPairs) return {};
  PCRE2_SIZE* ov = pcre2_get_ovector_pointer(scratch.match_data());
  PCRE2_SIZE start = ov[2 * i], end = ov[2 * i + 1];
  if (start == PCRE2_UNSET || end < start || end > subject.size()) return {};
  return subject.substr(start, end - start);
}

}  // namespace rampart
