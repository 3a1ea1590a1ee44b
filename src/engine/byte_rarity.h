// How often a byte turns up in request data, roughly: the @rx prefilter searches for rare bytes
// ("anchors"), and the literal analysis prefers requirements it can search quickly. A wrong guess
// costs speed, never correctness: every anchor hit is checked against its literals.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace rampart {

// The prefilter compares `byte | kCaseFold`, which folds ASCII case (and, harmlessly, pairs a few
// other bytes: every hit is checked).
inline constexpr uint8_t kCaseFold = 0x20;

// Higher: more often. 4 for the most frequent letters and the space, 0 for control bytes. A
// table made at compile time: the literal analysis asks millions of times while CRS loads.
constexpr std::array<uint8_t, 256> kByteCommonness = [] {
  constexpr std::string_view kVeryCommon = " etaoinsrhl";
  constexpr std::string_view kCommon = "dcumfpgwyb0123456789=&/.-_,;:%+";
  std::array<uint8_t, 256> t{};
  for (int b = 0x20; b < 0x7f; ++b) t[b] = 1;
  for (int b = 'a'; b <= 'z'; ++b) t[b] = 2;  // v k x j q z keep this
  for (char c : kCommon) t[static_cast<uint8_t>(c)] = 3;
  for (char c : kVeryCommon) t[static_cast<uint8_t>(c)] = 4;
  return t;
}();
constexpr int byte_commonness(uint8_t b) {
  return kByteCommonness[b];
}

// A byte as the prefilter compares it.
constexpr uint8_t fold_case(unsigned char c) {
  return static_cast<uint8_t>(c | kCaseFold);
}

// A compared value v stands for the bytes v and v & ~kCaseFold.
constexpr int folded_commonness(uint8_t v) {
  return byte_commonness(v) + byte_commonness(static_cast<uint8_t>(v & ~kCaseFold));
}

// An anchor any more common (most letters, the space) hits so often in ordinary text that
// checking the hits costs more than PCRE2 would.
inline constexpr int kMaxAnchorCommonness = 3;

// Literals without such a byte are each searched on their own, by a pair of their bytes; past a
// few of them that costs more than PCRE2 would.
inline constexpr size_t kMaxCommonLiterals = 3;

// The rarest byte of `literal` as compared (the first of equally rare ones); `literal` must not
// be empty.
constexpr size_t rarest_byte_offset(std::string_view literal) {
  size_t best = 0;
  for (size_t i = 1; i < literal.size(); ++i) {
    if (folded_commonness(fold_case(literal[i])) < folded_commonness(fold_case(literal[best])))
      best = i;
  }
  return best;
}
constexpr uint8_t rarest_byte(std::string_view literal) {
  return fold_case(literal[rarest_byte_offset(literal)]);
}

// True when `literal` (lowercase) has a byte rare enough to anchor a search for it.
constexpr bool has_anchor_byte(std::string_view literal) {
  return !literal.empty() && folded_commonness(rarest_byte(literal)) <= kMaxAnchorCommonness;
}

// More literals than that, or literals without a rare byte, the prefilter can still take in a
// byte table: every byte of the subject is looked up, and each literal hangs off its rarest byte.
// That is slower than the scans above but far quicker than PCRE2 on patterns it cannot start
// cheaply, as long as the hits stay few: no literal may consist of the very common bytes alone,
// and only a few may lack a rare byte.
inline constexpr size_t kMaxTableLiterals = 64;
inline constexpr size_t kMaxTableCommonLiterals = 12;
inline constexpr int kMaxTableAnchorCommonness = kMaxAnchorCommonness + 1;

// Whether the byte table can take `literals` (a range of lowercase strings, none empty), all but
// `ignored`.
template <typename Strings>
bool fits_byte_table(const Strings& literals, std::string_view ignored = {}) {
  size_t count = 0, common = 0;
  for (const auto& x : literals) {
    if (!ignored.empty() && x == ignored) continue;
    if (++count > kMaxTableLiterals) return false;
    if (has_anchor_byte(x)) continue;
    if (x.size() < 2 || folded_commonness(rarest_byte(x)) > kMaxTableAnchorCommonness) return false;
    if (++common > kMaxTableCommonLiterals) return false;
  }
  return true;
}

}  // namespace rampart
