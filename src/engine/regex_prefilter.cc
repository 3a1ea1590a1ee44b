#include "engine/regex_prefilter.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "engine/byte_rarity.h"
#include "engine/regex_literals.h"
#include "operators/text_util.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rampart {

std::unique_ptr<RegexPrefilter> RegexPrefilter::build(std::string_view pattern) {
  bool or_at_start = false;
  std::optional<std::vector<std::string>> found = required_literals(pattern, &or_at_start);
  if (!found) return nullptr;
  std::unique_ptr<RegexPrefilter> pf(new RegexPrefilter());
  pf->or_at_start_ = or_at_start;
  pf->literals_ = std::move(*found);
  for (const std::string& lit : pf->literals_) {
    // The rarest byte as it is in the literal (lowercase); a subject may hold it in either case.
    unsigned char c = static_cast<unsigned char>(lit[rarest_byte_offset(lit)]);
    pf->anchor_bytes_.add(c);
    if (c >= 'a' && c <= 'z') pf->anchor_bytes_.add(static_cast<uint8_t>(c - ('a' - 'A')));
  }
  if (pf->use_scans() || pf->use_table()) return pf;
  return nullptr;
}

bool RegexPrefilter::use_scans() {
  std::vector<uint32_t> anchored, common;
  for (uint32_t i = 0; i < literals_.size(); ++i)
    (has_anchor_byte(literals_[i]) ? anchored : common).push_back(i);
  if (common.size() > kMaxCommonLiterals) return false;
  for (uint32_t i : common) {
    if (literals_[i].size() < 2) return false;  // a single common byte occurs everywhere
  }
  if (!anchored.empty() && !choose_anchors(anchored)) return false;
  for (uint32_t i : common) add_common(i);
  return true;
}

bool RegexPrefilter::use_table() {
  if (!fits_byte_table(literals_)) return false;
  std::vector<uint8_t> values;  // the compared value of each slot
  for (uint32_t i = 0; i < literals_.size(); ++i) {
    const std::string& lit = literals_[i];
    const uint32_t offset = static_cast<uint32_t>(rarest_byte_offset(lit));
    const uint8_t v = fold_case(lit[offset]);
    auto at = std::find(values.begin(), values.end(), v);
    size_t slot = static_cast<size_t>(at - values.begin());
    if (at == values.end()) {
      values.push_back(v);
      table_anchored_.emplace_back();
    }
    table_anchored_[slot].push_back(Anchored{i, offset});
  }
  // A compared value v stands for the bytes v and v without kCaseFold (byte_rarity.h).
  for (size_t slot = 0; slot < values.size(); ++slot) {
    byte_slot_[values[slot]] = static_cast<uint8_t>(slot + 1);
    byte_slot_[values[slot] & ~kCaseFold & 0xff] = static_cast<uint8_t>(slot + 1);
  }
  return true;
}

RegexPrefilter::~RegexPrefilter() = default;

// Picks at most kMaxAnchors compared values such that each literal in `which` contains one:
// first each literal's rarest byte; if that makes too many, greedily the value in most
// uncovered literals.
bool RegexPrefilter::choose_anchors(const std::vector<uint32_t>& which) {
  std::vector<uint8_t> chosen;
  for (uint32_t i : which) {
    uint8_t v = rarest_byte(literals_[i]);
    if (std::find(chosen.begin(), chosen.end(), v) == chosen.end()) chosen.push_back(v);
  }
  if (chosen.size() > kMaxAnchors) {
    chosen.clear();
    std::vector<bool> covered(which.size(), false);
    size_t left = which.size();
    while (left > 0 && chosen.size() < kMaxAnchors) {
      std::array<size_t, 256> count{};
      for (size_t k = 0; k < which.size(); ++k) {
        if (covered[k]) continue;
        std::array<bool, 256> in{};
        for (unsigned char c : literals_[which[k]]) in[fold_case(c)] = true;
        for (int v = 0; v < 256; ++v) count[v] += in[v];
      }
      int best = -1;
      for (int v = 0; v < 256; ++v) {
        if (count[v] == 0 || folded_commonness(v) > kMaxAnchorCommonness) continue;
        if (best < 0 || count[v] > count[best] ||
            (count[v] == count[best] && folded_commonness(v) < folded_commonness(best)))
          best = v;
      }
      if (best < 0) return false;
      chosen.push_back(static_cast<uint8_t>(best));
      for (size_t k = 0; k < which.size(); ++k) {
        if (covered[k]) continue;
        const std::string& lit = literals_[which[k]];
        if (std::any_of(lit.begin(), lit.end(),
                        [&](unsigned char c) { return fold_case(c) == best; })) {
          covered[k] = true;
          --left;
        }
      }
    }
    if (left > 0) return false;
  }
  anchor_count_ = static_cast<int>(chosen.size());
  std::copy(chosen.begin(), chosen.end(), anchors_.begin());
  // Each literal hangs off one anchor: the rarest chosen one it contains, at its first place.
  for (uint32_t i : which) {
    const std::string& lit = literals_[i];
    int best_a = -1;
    uint32_t best_off = 0;
    for (uint32_t off = 0; off < lit.size(); ++off) {
      for (int a = 0; a < anchor_count_; ++a) {
        if (anchors_[a] != fold_case(lit[off])) continue;
        if (best_a < 0 || folded_commonness(anchors_[a]) < folded_commonness(anchors_[best_a])) {
          best_a = a;
          best_off = off;
        }
      }
    }
    if (best_a < 0) return false;  // not reached: the anchors were chosen to cover every literal
    anchored_[best_a].push_back(Anchored{i, best_off});
  }
  return true;
}

// The literal's two rarest bytes (the later one on a tie, so that they lie apart).
void RegexPrefilter::add_common(uint32_t literal) {
  const std::string& lit = literals_[literal];
  std::vector<uint32_t> order(lit.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return folded_commonness(fold_case(lit[a])) < folded_commonness(fold_case(lit[b]));
  });
  uint32_t x = order[0], y = order[1];
  if (x > y) std::swap(x, y);
  common_.push_back(Common{literal, x, y, fold_case(lit[x]), fold_case(lit[y])});
}

bool RegexPrefilter::literal_at(std::string_view subject, size_t start, uint32_t literal) const {
  const std::string& lit = literals_[literal];
  if (subject.size() - start < lit.size()) return false;
  for (size_t j = 0; j < lit.size(); ++j) {
    if (operators::ascii_lower(static_cast<unsigned char>(subject[start + j])) !=
        static_cast<unsigned char>(lit[j]))
      return false;
  }
  return true;
}

bool RegexPrefilter::check_anchor_hit(std::string_view subject, size_t pos) const {
  uint8_t v = fold_case(subject[pos]);
  for (int a = 0; a < anchor_count_; ++a) {
    if (anchors_[a] != v) continue;
    if (std::any_of(anchored_[a].begin(), anchored_[a].end(), [&](const Anchored& e) {
          return pos >= e.offset && literal_at(subject, pos - e.offset, e.literal);
        }))
      return true;
  }
  return false;
}

bool RegexPrefilter::any_anchored(std::string_view subject) const {
  const auto* p = reinterpret_cast<const unsigned char*>(subject.data());
  const size_t n = subject.size();
#if defined(__SSE2__)
  const __m128i fold = _mm_set1_epi8(static_cast<char>(kCaseFold));
  const int count = anchor_count_;
  // A plain array: std::array<__m128i> would drop the type's alignment attribute.
  __m128i anchor[kMaxAnchors];
  for (int a = 0; a < count; ++a) anchor[a] = _mm_set1_epi8(static_cast<char>(anchors_[a]));
  auto hits = [&](const unsigned char* at) {
    __m128i v = _mm_or_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at)), fold);
    __m128i hit = _mm_cmpeq_epi8(v, anchor[0]);
    for (int a = 1; a < count; ++a) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(v, anchor[a]));
    return static_cast<unsigned>(_mm_movemask_epi8(hit));
  };
  auto any_hit = [&](size_t base, unsigned mask) {
    for (; mask != 0; mask &= mask - 1)
      if (check_anchor_hit(subject, base + static_cast<size_t>(__builtin_ctz(mask)))) return true;
    return false;
  };
  size_t i = 0;
  for (; i + 16 <= n; i += 16)
    if (any_hit(i, hits(p + i))) return true;
  if (i == n) return false;
  // The last bytes (all of a short value) in one more block, copied so as not to read past the
  // value; the padding folds to ' ', which is never an anchor, and is masked off all the same.
  std::array<unsigned char, 16> tail{};
  std::memcpy(tail.data(), p + i, n - i);
  return any_hit(i, hits(tail.data()) & ((1u << (n - i)) - 1));
#else
  for (size_t i = 0; i < n; ++i)
    if (check_anchor_hit(subject, i)) return true;  // it compares the byte with each anchor
  return false;
#endif
}

// Candidate starts are where both chosen bytes are in place: in ordinary text a pair of bytes at
// a fixed distance is far rarer than either byte.
bool RegexPrefilter::contains(std::string_view subject, const Common& c) const {
  const size_t len = literals_[c.literal].size();
  if (subject.size() < len) return false;
  const auto* p = reinterpret_cast<const unsigned char*>(subject.data());
  const size_t last_start = subject.size() - len;
  size_t i = 0;
#if defined(__SSE2__)
  const __m128i fold = _mm_set1_epi8(static_cast<char>(kCaseFold));
  const __m128i b1 = _mm_set1_epi8(static_cast<char>(c.first));
  const __m128i b2 = _mm_set1_epi8(static_cast<char>(c.second));
  // Starts i..i+15 read up to p[i + 15 + second_offset], inside the subject while i + 15 is a
  // possible start.
  for (; i + 15 <= last_start; i += 16) {
    __m128i v1 = _mm_or_si128(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i + c.first_offset)), fold);
    __m128i v2 = _mm_or_si128(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i + c.second_offset)), fold);
    __m128i hit = _mm_and_si128(_mm_cmpeq_epi8(v1, b1), _mm_cmpeq_epi8(v2, b2));
    unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hit));
    while (mask != 0) {
      if (literal_at(subject, i + static_cast<size_t>(__builtin_ctz(mask)), c.literal)) return true;
      mask &= mask - 1;
    }
  }
#endif
  for (; i <= last_start; ++i) {
    if (fold_case(p[i + c.first_offset]) == c.first &&
        fold_case(p[i + c.second_offset]) == c.second && literal_at(subject, i, c.literal))
      return true;
  }
  return false;
}

bool RegexPrefilter::any_in_table(std::string_view subject) const {
  const auto* p = reinterpret_cast<const unsigned char*>(subject.data());
  for (size_t i = 0; i < subject.size(); ++i) {
    uint8_t slot = byte_slot_[p[i]];
    if (slot == 0) continue;
    for (const Anchored& e : table_anchored_[slot - 1]) {
      if (i >= e.offset && literal_at(subject, i - e.offset, e.literal)) return true;
    }
  }
  return false;
}

bool RegexPrefilter::contains_literal(std::string_view subject) const {
  if (!table_anchored_.empty()) return any_in_table(subject);
  if (anchor_count_ > 0 && any_anchored(subject)) return true;
  return std::any_of(common_.begin(), common_.end(),
                     [&](const Common& c) { return contains(subject, c); });
}

}  // namespace rampart
