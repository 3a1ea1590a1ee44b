#include "operators/aho_corasick.h"

#include <algorithm>
#include <utility>

#include "engine/collection.h"  // to_lower
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

// Full DFA rows cost classes * 4 bytes per state; past this many cells (256 KiB) states fall
// back to trie edges + failure links. Small phrase sets are therefore pure DFAs. For each of
// CRS's data files that keeps every state up to depth four or more (php-errors.data, the largest:
// 45,000 states, 66 classes, 992 dense rows), which is where text stays. The earlier budget,
// 4 MiB, searched no faster in the engine benchmark (pm_file/*), but filling its tables took
// about 30 % of CRS's compile time, and they held 12.1 MiB for CRS v4.28's data files (3.8 now),
// in the parent and in every httpd child.
constexpr size_t kDenseCellBudget = size_t{1} << 16;

}  // namespace

AhoCorasick::AhoCorasick(std::vector<std::string> phrases) {
  // Byte classes over the lowercased bytes that occur in phrases.
  std::array<bool, 256> used{};
  for (const std::string& p : phrases) {
    for (unsigned char c : p) used[ascii_lower(c)] = true;
  }
  for (int b = 0; b < 256; ++b) {
    if (used[b]) class_of_[b] = static_cast<uint16_t>(classes_++);
  }
  for (int b = 'A'; b <= 'Z'; ++b)
    class_of_[b] = class_of_[ascii_lower(static_cast<unsigned char>(b))];

  // The distinct phrases, lowercased and sorted. Phrases that share a prefix are then adjacent,
  // so a trie state is a range of them: its children split the range by the byte that follows
  // the prefix, in byte order, which is class order. Walking the ranges breadth-first numbers
  // the states as the search wants them, with no per-state edge lists to build and renumber.
  struct Key {
    std::string text;
    uint32_t input;  // index into `phrases`
  };
  std::vector<Key> keys;
  keys.reserve(phrases.size());
  for (size_t i = 0; i < phrases.size(); ++i) {
    if (phrases[i].empty()) continue;
    keys.push_back(Key{to_lower(phrases[i]), static_cast<uint32_t>(i)});
  }
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
    int order = a.text.compare(b.text);
    return order != 0 ? order < 0 : a.input < b.input;  // equal up to case: first spelling first
  });
  // Phrase ids follow the input order of each phrase's first spelling.
  std::vector<uint32_t> id_of(phrases.size(), kNone);
  for (size_t k = 0; k < keys.size(); ++k) {
    if (k == 0 || keys[k].text != keys[k - 1].text) id_of[keys[k].input] = 0;  // kept
  }
  for (size_t i = 0; i < phrases.size(); ++i) {
    if (id_of[i] == kNone) continue;
    id_of[i] = static_cast<uint32_t>(phrases_.size());
    phrases_.push_back(std::move(phrases[i]));
  }

  struct Range {
    uint32_t begin, end;  // keys[begin, end) share the state's prefix
    uint32_t depth;       // the prefix's length
  };
  std::vector<Range> states_by_number{{0, static_cast<uint32_t>(keys.size()), 0}};
  for (size_t s = 0; s < states_by_number.size(); ++s) {
    const Range state = states_by_number[s];  // a copy: the vector grows below
    uint32_t begin = state.begin;
    const uint32_t end = state.end, depth = state.depth;
    edge_begin_.push_back(static_cast<uint32_t>(edge_class_.size()));
    uint32_t output = kNone;
    for (; begin < end && keys[begin].text.size() == depth; ++begin) {  // the prefix itself
      if (output == kNone) output = id_of[keys[begin].input];
    }
    output_.push_back(output);
    while (begin < end) {
      const auto byte = static_cast<unsigned char>(keys[begin].text[depth]);
      uint32_t child_end = begin + 1;
      while (child_end < end && static_cast<unsigned char>(keys[child_end].text[depth]) == byte)
        ++child_end;
      edge_class_.push_back(class_of_[byte]);
      edge_target_.push_back(static_cast<uint32_t>(states_by_number.size()));
      states_by_number.push_back(Range{begin, child_end, depth + 1});
      begin = child_end;
    }
  }
  edge_begin_.push_back(static_cast<uint32_t>(edge_class_.size()));
  const size_t states = states_by_number.size();

  // Failure links and outputs in breadth-first order: a state's failure target is shallower, so it
  // is final by the time the state is reached. A state without its own phrase reports the longest
  // phrase that is a suffix of it (its failure target's output).
  fail_.assign(states, 0);
  for (uint32_t s = 0; s < states; ++s) {
    for (uint32_t e = edge_begin_[s]; e < edge_begin_[s + 1]; ++e) {
      uint32_t t = edge_target_[e];
      if (s != 0) {
        uint32_t f = fail_[s];
        while (f != 0 && child(f, edge_class_[e]) == kNone) f = fail_[f];
        uint32_t c = child(f, edge_class_[e]);
        fail_[t] = c == kNone ? 0 : c;
      }
      if (output_[t] == kNone) output_[t] = output_[fail_[t]];
    }
  }

  // Dense rows for the shallowest states. Row s is its failure target's row with s's own trie
  // edges written over it; the failure target is shallower, so breadth-first numbering has already
  // filled its row; the root's row starts as all zeros. (Asking child() per cell instead cost
  // CRS's @pm automata 40M instructions per configuration load, a third of their build then.)
  dense_states_ = static_cast<uint32_t>(std::min(states, kDenseCellBudget / classes_));
  if (dense_states_ == 0) dense_states_ = 1;
  dense_.resize(size_t{dense_states_} * classes_);
  for (uint32_t s = 0; s < dense_states_; ++s) {
    uint32_t* row = dense_.data() + size_t{s} * classes_;
    if (s != 0) std::copy_n(dense_.data() + size_t{fail_[s]} * classes_, classes_, row);
    for (uint32_t e = edge_begin_[s]; e < edge_begin_[s + 1]; ++e)
      row[edge_class_[e]] = code_of(edge_target_[e]);
  }
}

uint32_t AhoCorasick::code_of(uint32_t state) const {
  uint32_t code =
      state < dense_states_ ? state * classes_ : dense_cells() + (state - dense_states_);
  return output_[state] != kNone ? code | kOutputBit : code;
}

uint32_t AhoCorasick::state_of(uint32_t code) const {
  code &= ~kOutputBit;
  return code < dense_cells() ? code / classes_ : dense_states_ + (code - dense_cells());
}

uint32_t AhoCorasick::child(uint32_t state, uint32_t cls) const {
  for (uint32_t e = edge_begin_[state]; e < edge_begin_[state + 1]; ++e) {
    if (edge_class_[e] == cls) return edge_target_[e];
  }
  return kNone;
}

uint32_t AhoCorasick::next_code(uint32_t state, uint32_t cls) const {
  while (state >= dense_states_) {
    uint32_t t = child(state, cls);
    if (t != kNone) return code_of(t);
    state = fail_[state];
  }
  return dense_[size_t{state} * classes_ + cls];  // a cell already holds the code
}

bool AhoCorasick::find(std::string_view text, Match& match) const {
  if (phrases_.empty()) return false;
  uint32_t code = 0;  // the root's
  const uint32_t* dense = dense_.data();
  const uint32_t dense_end = dense_cells();
  for (size_t i = 0; i < text.size(); ++i) {
    uint32_t cls = class_of_[static_cast<unsigned char>(text[i])];
    // The dense step inline: it is nearly every step, and a call per byte cost about as much as
    // the step itself (@pm on a typical value: 160 -> 130 ns in the engine benchmark). A cell
    // holds its target's code, which is the target's row (no multiplication) and says whether it
    // reports a phrase (no second table): 13 -> 10 instructions a byte.
    code = code < dense_end ? dense[code + cls] : next_code(state_of(code), cls);
    if ((code & kOutputBit) != 0) {
      match.phrase = output_[state_of(code)];
      match.end = i + 1;
      return true;
    }
  }
  return false;
}

}  // namespace rampart::operators
