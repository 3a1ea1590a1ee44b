// The match-time half of the @rx prefilter: holds a pattern's required literals (regex_literals.h)
// and says whether a subject could match at all. Immutable after construction, shared by threads.
//
// It must cost less than the PCRE2 call it saves, which on the short values of most requests is
// a few tens of nanoseconds. So it never runs a general multi-literal search (the @pm
// Aho-Corasick automaton was tried and cost more than the PCRE2 calls it saved,
// docs/performance.md). Literals with a byte rare in ordinary text hang off a few such "anchor"
// bytes (ASCII case folded), which an SSE2 scan finds 16 bytes at a time, each hit checked
// against the literals it anchors. The few literals without one ("select", "runtime") are
// searched one at a time, by their two rarest bytes at once, each candidate position checked.
// Literal sets that need more than that get no prefilter.
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
  // nullptr when the pattern yields no usable literals or they cannot be searched quickly.
  // `pattern` must compile with PCRE2.
  static std::unique_ptr<RegexPrefilter> build(std::string_view pattern);
  ~RegexPrefilter();

  // False only when `subject` contains none of the literals (ASCII case-insensitively), in which
  // case the pattern cannot match it.
  bool may_match(std::string_view subject) const;

  const std::vector<std::string>& literals() const { return literals_; }

 private:
  static constexpr int kMaxAnchors = 8;
  struct Anchored {
    uint32_t literal;  // index into literals_
    uint32_t offset;   // of the anchor byte in the literal
  };
  // A literal without a rare byte, found where both of its two rarest bytes are in place.
  struct Common {
    uint32_t literal;
    uint32_t first_offset, second_offset;  // first_offset < second_offset
    uint8_t first, second;                 // folded
  };

  RegexPrefilter() = default;
  bool choose_anchors(const std::vector<uint32_t>& which);
  void add_common(uint32_t literal);
  bool check_anchor_hit(std::string_view subject, size_t pos) const;
  bool literal_at(std::string_view subject, size_t start, uint32_t literal) const;
  bool any_anchored(std::string_view subject) const;
  bool contains(std::string_view subject, const Common& c) const;

  std::vector<std::string> literals_;  // lowercase
  // Anchor bytes as compared: byte | kCaseFold (engine/byte_rarity.h); the scan compares the
  // first anchor_count_ (none when every literal is a Common one).
  int anchor_count_ = 0;
  std::array<uint8_t, kMaxAnchors> anchors_{};
  std::array<std::vector<Anchored>, kMaxAnchors> anchored_;
  std::vector<Common> common_;
};

}  // namespace rampart
