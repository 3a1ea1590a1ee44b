#include "engine/regex_prefilter.h"

#include <algorithm>
#include <utility>

#include "engine/regex_literals.h"
#include "operators/text_util.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rampart {

namespace {

constexpr uint8_t kFold = 0x20;

// How often a byte turns up in request data, roughly (higher: more often). Only used to prefer
// rare anchors; a wrong guess costs speed, never correctness.
int commonness(uint8_t b) {
  static constexpr std::string_view kVeryCommon = " etaoinsrhl";
  static constexpr std::string_view kCommon = "dcumfpgwyb0123456789=&/.-_,;:%+";
  if (kVeryCommon.find(static_cast<char>(b)) != std::string_view::npos) return 4;
  if (kCommon.find(static_cast<char>(b)) != std::string_view::npos) return 3;
  if (b >= 'a' && b <= 'z') return 2;  // v k x j q z
  if (b >= 0x20 && b < 0x7f) return 1;
  return 0;
}

// A compared value v stands for the bytes v and v & ~0x20.
int pair_commonness(uint8_t v) {
  return commonness(v) + commonness(static_cast<uint8_t>(v & ~kFold));
}

// An anchor any more common (most letters, the space) hits so often in ordinary text that
// checking the hits costs more than PCRE2 would.
constexpr int kMaxAnchorCommonness = 3;

}  // namespace

std::unique_ptr<RegexPrefilter> RegexPrefilter::build(std::string_view pattern) {
  std::optional<std::vector<std::string>> literals = required_literals(pattern);
  if (!literals) return nullptr;
  std::unique_ptr<RegexPrefilter> pf(new RegexPrefilter());
  pf->literals_ = std::move(*literals);
  if (!pf->choose_anchors()) return nullptr;
  return pf;
}

RegexPrefilter::~RegexPrefilter() = default;

// Picks at most kMaxAnchors compared values such that every literal contains one: first each
// literal's rarest byte; if that makes too many, greedily the value in most uncovered literals.
bool RegexPrefilter::choose_anchors() {
  auto rarest_in = [](const std::string& lit) {
    uint8_t best = static_cast<uint8_t>(lit[0]) | kFold;
    for (unsigned char c : lit) {
      uint8_t v = c | kFold;
      if (pair_commonness(v) < pair_commonness(best)) best = v;
    }
    return best;
  };
  std::vector<uint8_t> chosen;
  bool rare = true;
  for (const std::string& lit : literals_) {
    uint8_t v = rarest_in(lit);
    rare = rare && pair_commonness(v) <= kMaxAnchorCommonness;
    if (std::find(chosen.begin(), chosen.end(), v) == chosen.end()) chosen.push_back(v);
  }
  if (!rare) return false;  // some literal has only common bytes
  if (chosen.size() > kMaxAnchors) {
    chosen.clear();
    std::vector<bool> covered(literals_.size(), false);
    size_t left = literals_.size();
    while (left > 0 && chosen.size() < kMaxAnchors) {
      std::array<size_t, 256> count{};
      for (size_t i = 0; i < literals_.size(); ++i) {
        if (covered[i]) continue;
        std::array<bool, 256> in{};
        for (unsigned char c : literals_[i]) in[c | kFold] = true;
        for (int v = 0; v < 256; ++v) count[v] += in[v];
      }
      int best = -1;
      for (int v = 0; v < 256; ++v) {
        if (count[v] == 0 || pair_commonness(v) > kMaxAnchorCommonness) continue;
        if (best < 0 || count[v] > count[best] ||
            (count[v] == count[best] && pair_commonness(v) < pair_commonness(best)))
          best = v;
      }
      if (best < 0) return false;
      chosen.push_back(static_cast<uint8_t>(best));
      for (size_t i = 0; i < literals_.size(); ++i) {
        if (covered[i]) continue;
        for (unsigned char c : literals_[i]) {
          if ((c | kFold) == best) {
            covered[i] = true;
            --left;
            break;
          }
        }
      }
    }
    if (left > 0) return false;
  }
  anchor_count_ = static_cast<int>(chosen.size());
  // Unused slots repeat the first anchor, so the scan has one shape.
  for (int a = 0; a < kMaxAnchors; ++a) anchors_[a] = chosen[a < anchor_count_ ? a : 0];
  // Each literal hangs off one anchor: the rarest chosen one it contains, at its first place.
  for (uint32_t i = 0; i < literals_.size(); ++i) {
    const std::string& lit = literals_[i];
    int best_a = -1;
    uint32_t best_off = 0;
    for (uint32_t off = 0; off < lit.size(); ++off) {
      uint8_t v = static_cast<uint8_t>(lit[off]) | kFold;
      for (int a = 0; a < anchor_count_; ++a) {
        if (anchors_[a] != v) continue;
        if (best_a < 0 || pair_commonness(v) < pair_commonness(anchors_[best_a])) {
          best_a = a;
          best_off = off;
        }
      }
    }
    anchored_[best_a].push_back(Anchored{i, best_off});
  }
  return true;
}

bool RegexPrefilter::check_hit(std::string_view subject, size_t pos) const {
  uint8_t v = static_cast<uint8_t>(subject[pos]) | kFold;
  for (int a = 0; a < anchor_count_; ++a) {
    if (anchors_[a] != v) continue;
    for (const Anchored& e : anchored_[a]) {
      const std::string& lit = literals_[e.literal];
      if (pos < e.offset || subject.size() - (pos - e.offset) < lit.size()) continue;
      const char* start = subject.data() + (pos - e.offset);
      bool equal = true;
      for (size_t j = 0; j < lit.size() && equal; ++j)
        equal = operators::ascii_lower(static_cast<unsigned char>(start[j])) ==
                static_cast<unsigned char>(lit[j]);
      if (equal) return true;
    }
  }
  return false;
}

bool RegexPrefilter::may_match(std::string_view subject) const {
  const auto* p = reinterpret_cast<const unsigned char*>(subject.data());
  const size_t n = subject.size();
  size_t i = 0;
#if defined(__SSE2__)
  const __m128i fold = _mm_set1_epi8(static_cast<char>(kFold));
  const __m128i a0 = _mm_set1_epi8(static_cast<char>(anchors_[0]));
  const __m128i a1 = _mm_set1_epi8(static_cast<char>(anchors_[1]));
  const __m128i a2 = _mm_set1_epi8(static_cast<char>(anchors_[2]));
  for (; i + 16 <= n; i += 16) {
    __m128i v = _mm_or_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)), fold);
    __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(v, a0),
                               _mm_or_si128(_mm_cmpeq_epi8(v, a1), _mm_cmpeq_epi8(v, a2)));
    unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hit));
    while (mask != 0) {
      if (check_hit(subject, i + static_cast<size_t>(__builtin_ctz(mask)))) return true;
      mask &= mask - 1;
    }
  }
#endif
  for (; i < n; ++i) {
    uint8_t v = p[i] | kFold;
    if ((v == anchors_[0] || v == anchors_[1] || v == anchors_[2]) && check_hit(subject, i))
      return true;
  }
  return false;
}

}  // namespace rampart
