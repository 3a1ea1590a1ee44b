// PCRE2 wrapper: a pattern is compiled (and JIT-compiled) once at config time and is then immutable
// and shared by all threads. Matching needs a RegexScratch, which each transaction owns, so the hot
// path allocates nothing.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

typedef struct pcre2_real_code_8 pcre2_code_8;
typedef struct pcre2_real_match_data_8 pcre2_match_data_8;
typedef struct pcre2_real_match_context_8 pcre2_match_context_8;
typedef struct pcre2_real_jit_stack_8 pcre2_jit_stack_8;

namespace rampart {

// Per-thread (per-transaction) matching state: match data, match context with limits, JIT stack.
class RegexScratch {
 public:
  explicit RegexScratch(uint32_t match_limit = 100000, uint32_t depth_limit = 100000);
  ~RegexScratch();
  RegexScratch(const RegexScratch&) = delete;
  RegexScratch& operator=(const RegexScratch&) = delete;

  pcre2_match_data_8* match_data() const { return match_data_; }
  pcre2_match_context_8* context() const { return context_; }
  // Gives JIT matching a 1 MiB stack instead of the default 32 KiB; false when it already has
  // it (or it cannot be made), so a match that ran out is retried once at most.
  bool grow_jit_stack();

 private:
  pcre2_match_data_8* match_data_ = nullptr;
  pcre2_match_context_8* context_ = nullptr;
  pcre2_jit_stack_8* jit_stack_ = nullptr;
};

class Regex {
 public:
  // kAnchored: a match must start at the subject's start.
  enum : uint32_t { kCaseless = 1, kDotAll = 2, kDollarEndOnly = 4, kAnchored = 8 };
  // What @rx compiles with, as v2 does (PCRE_DOTALL | PCRE_DOLLAR_ENDONLY): `.` matches a
  // newline, and `$` only the very end of the value (not before a final newline).
  static constexpr uint32_t kRxFlags = kDotAll | kDollarEndOnly;

  // Compiles `pattern` byte-wise (no UTF mode: CRS patterns use \x{hh} as bytes). On failure
  // returns nullptr and sets `error` to PCRE2's message with the offset, e.g. "missing ) at offset
  // 4".
  static std::unique_ptr<Regex> compile(std::string_view pattern, uint32_t flags,
                                        std::string& error);
  ~Regex();
  Regex(const Regex&) = delete;
  Regex& operator=(const Regex&) = delete;

  // Result of one match: > 0 on a match (number of valid capture pairs, group 0 included), 0 when
  // it does not match, < 0 when a resource limit was hit (treated as "no match" and reported).
  int match(std::string_view subject, RegexScratch& scratch) const;

  // Capture group `i` of the last successful match() with `scratch`; empty when unset.
  static std::string_view group(std::string_view subject, const RegexScratch& scratch, int i);

  bool matches(std::string_view subject, RegexScratch& scratch) const {
    return match(subject, scratch) > 0;
  }
  const std::string& pattern() const { return pattern_; }

 private:
  Regex() = default;
  pcre2_code_8* code_ = nullptr;
  bool jit_ = false;
  std::string pattern_;
};

}  // namespace rampart
