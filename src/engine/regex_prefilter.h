// The match-time half of the @rx prefilter: holds a pattern's required literals (regex_literals.h)
// and says whether a subject could match at all. Immutable after construction, shared by threads.
//
// It must cost less than the PCRE2 call it saves, which on the short values of most requests is
// a few tens of nanoseconds. So it searches only for a few "anchor" bytes (at most 3, rare in
// ordinary text, ASCII case folded) that between them occur in every literal: an SSE2 scan finds
// them 16 bytes at a time and each hit is checked against the literals it anchors. Literal sets
// without such anchors get no prefilter: a general multi-literal search (the @pm Aho-Corasick
// automaton was tried) cost more per value than the PCRE2 calls it saved (docs/performance.md).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rampart {

class RegexPrefilter {
 public:
  // nullptr when the pattern yields no usable literals or they have no rare anchors. `pattern`
  // must compile with PCRE2.
  static std::unique_ptr<RegexPrefilter> build(std::string_view pattern);
  ~RegexPrefilter();

  // False only when `subject` contains none of the literals (ASCII case-insensitively), in which
  // case the pattern cannot match it.
  bool may_match(std::string_view subject) const;

  const std::vector<std::string>& literals() const { return literals_; }

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
};

}  // namespace rampart
