// The match-time half of the @rx prefilter: holds a pattern's required literals (regex_literals.h)
// and says whether a subject could match at all. Immutable after construction, shared by threads.
//
// It must cost less than the PCRE2 call it saves, so it has two searches:
// - a few "anchor" bytes (at most 3, ASCII case folded) cover every literal: a SIMD scan finds
//   them 16 bytes at a time and each hit is checked against the literals it anchors;
// - otherwise the @pm Aho-Corasick automaton, but only when PCRE2 has no fast start of its own
//   (no known first byte, not anchored): a DFA step per byte is slower than PCRE2's memchr-like
//   skip, but much faster than trying a large alternation at every position.
// When neither applies there is no prefilter.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rampart {

namespace operators {
class AhoCorasick;
}

class RegexPrefilter {
 public:
  // nullptr when the pattern yields no usable literals or no search that pays. `pattern` must
  // compile with Regex::compile under `regex_flags` (Regex::kCaseless, ...).
  static std::unique_ptr<RegexPrefilter> build(std::string_view pattern, uint32_t regex_flags);
  ~RegexPrefilter();

  // False only when `subject` contains none of the literals (ASCII case-insensitively), in which
  // case the pattern cannot match it.
  bool may_match(std::string_view subject) const;

  const std::vector<std::string>& literals() const { return literals_; }
  bool uses_automaton() const { return automaton_ != nullptr; }

 private:
  static constexpr int kMaxAnchors = 3;
  struct Anchored {
    uint32_t literal;  // index into literals_
    uint32_t offset;   // of the anchor byte in the literal
  };

  RegexPrefilter() = default;
  bool choose_anchors();
  bool check_hit(std::string_view subject, size_t pos) const;

  std::vector<std::string> literals_;  // lowercase
  // Anchor bytes as compared: byte | 0x20, which folds ASCII case (and, harmlessly, pairs a few
  // other bytes: every hit is checked).
  int anchor_count_ = 0;
  std::array<uint8_t, kMaxAnchors> anchors_{};
  std::array<std::vector<Anchored>, kMaxAnchors> anchored_;
  std::unique_ptr<operators::AhoCorasick> automaton_;
};

}  // namespace rampart
