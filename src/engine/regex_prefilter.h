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
// Literal sets that need more than that (more anchors, more such literals) go into a byte table
// instead, which looks up every byte of the subject; sets too common even for that
// (fits_byte_table) get no prefilter.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/byte_mask.h"

namespace rampart {

class RegexPrefilter {
 public:
  // nullptr when the pattern yields no usable literals or they cannot be searched quickly.
  // `pattern` must compile with PCRE2.
  static std::unique_ptr<RegexPrefilter> build(std::string_view pattern);
  ~RegexPrefilter();

  enum class Verdict {
    kNoMatch,      // the pattern cannot match the subject
    kMaybe,        // PCRE2 has to tell
    kOnlyAtStart,  // only a match starting at the subject's start is possible
  };
  // kMaybe when `subject` contains one of the literals (ASCII case-insensitively); otherwise
  // kOnlyAtStart for a pattern with a `^` branch (or_at_start()), kNoMatch for any other.
  // `bytes`, when given, must be the subject's: a subject without any literal's anchor byte
  // is then answered without a scan.
  Verdict check(std::string_view subject, const ByteMask* bytes = nullptr) const {
    if ((bytes == nullptr || bytes->intersects(anchor_bytes_)) && contains_literal(subject))
      return Verdict::kMaybe;
    return or_at_start_ ? Verdict::kOnlyAtStart : Verdict::kNoMatch;
  }
  // False only when the pattern cannot match `subject`.
  bool may_match(std::string_view subject) const { return check(subject) != Verdict::kNoMatch; }

  const std::vector<std::string>& literals() const { return literals_; }
  bool or_at_start() const { return or_at_start_; }

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
  bool use_scans();  // the anchor scan and the pair searches; false when they cannot take them all
  bool use_table();  // the byte table; false when the literals are too common even for that
  bool choose_anchors(const std::vector<uint32_t>& which);
  void add_common(uint32_t literal);
  bool check_anchor_hit(std::string_view subject, size_t pos) const;
  bool literal_at(std::string_view subject, size_t start, uint32_t literal) const;
  bool any_anchored(std::string_view subject) const;
  bool contains(std::string_view subject, const Common& c) const;
  bool any_in_table(std::string_view subject) const;
  bool contains_literal(std::string_view subject) const;

  std::vector<std::string> literals_;  // lowercase
  bool or_at_start_ = false;           // see required_literals()
  ByteMask anchor_bytes_;  // a byte of each literal, in both cases: one must be in a subject
  // Anchor bytes as compared: byte | kCaseFold (engine/byte_rarity.h); the scan compares the
  // first anchor_count_ (none when every literal is a Common one).
  int anchor_count_ = 0;
  std::array<uint8_t, kMaxAnchors> anchors_{};
  std::array<std::vector<Anchored>, kMaxAnchors> anchored_;
  std::vector<Common> common_;
  // The byte table, when used (then it alone is searched): per byte, 0 or 1 + the slot whose
  // literals hang off it.
  std::array<uint8_t, 256> byte_slot_{};
  std::vector<std::vector<Anchored>> table_anchored_;
};

}  // namespace rampart
