#include "operators/aho_corasick.h"

#include <algorithm>
#include <utility>

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

  // Trie, built with a small edge list per node (config time only; most nodes have one child,
  // and a node-based map per node made a third of the build's time), then renumbered
  // breadth-first with each node's edges in class order.
  using Edges = std::vector<std::pair<uint16_t, uint32_t>>;  // (class, child)
  std::vector<Edges> trie(1);
  std::vector<uint32_t> terminal(1, kNone);
  for (std::string& p : phrases) {
    if (p.empty()) continue;
    uint32_t node = 0;
    for (unsigned char c : p) {
      uint16_t cls = class_of_[c];
      const Edges& edges = trie[node];
      auto it =
          std::find_if(edges.begin(), edges.end(), [&](const auto& e) { return e.first == cls; });
      if (it != edges.end()) {
        node = it->second;
        continue;
      }
      uint32_t added = static_cast<uint32_t>(trie.size());
      trie[node].emplace_back(cls, added);
      trie.emplace_back();  // after the insert: growing `trie` may move the edge lists
      terminal.push_back(kNone);
      node = added;
    }
    if (terminal[node] == kNone) {
      terminal[node] = static_cast<uint32_t>(phrases_.size());
      phrases_.push_back(std::move(p));
    }
  }
  for (Edges& edges : trie) std::sort(edges.begin(), edges.end());

  std::vector<uint32_t> order;  // breadth-first list of old node ids
  std::vector<uint32_t> new_id(trie.size());
  order.reserve(trie.size());
  order.push_back(0);
  for (size_t i = 0; i < order.size(); ++i) {
    new_id[order[i]] = static_cast<uint32_t>(i);
    for (const auto& [cls, target] : trie[order[i]]) order.push_back(target);
  }

  const size_t states = order.size();
  edge_begin_.reserve(states + 1);
  edge_class_.reserve(states - 1);
  edge_target_.reserve(states - 1);
  output_.resize(states);
  for (uint32_t old : order) {
    edge_begin_.push_back(static_cast<uint32_t>(edge_class_.size()));
    for (const auto& [cls, target] : trie[old]) {
      edge_class_.push_back(cls);
      edge_target_.push_back(new_id[target]);
    }
    output_[new_id[old]] = terminal[old];
  }
  edge_begin_.push_back(static_cast<uint32_t>(edge_class_.size()));

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
  // filled its row; the root's row starts as all zeros. (Asking child() per cell instead cost a
  // third of the build: CRS's @pm automata took 120M instructions per load that way, now 80M.)
  dense_states_ = static_cast<uint32_t>(std::min(states, kDenseCellBudget / classes_));
  if (dense_states_ == 0) dense_states_ = 1;
  dense_.resize(size_t{dense_states_} * classes_);
  for (uint32_t s = 0; s < dense_states_; ++s) {
    uint32_t* row = dense_.data() + size_t{s} * classes_;
    if (s != 0) std::copy_n(dense_.data() + size_t{fail_[s]} * classes_, classes_, row);
    for (uint32_t e = edge_begin_[s]; e < edge_begin_[s + 1]; ++e)
      row[edge_class_[e]] = edge_target_[e];
  }
}

uint32_t AhoCorasick::child(uint32_t state, uint32_t cls) const {
  for (uint32_t e = edge_begin_[state]; e < edge_begin_[state + 1]; ++e) {
    if (edge_class_[e] == cls) return edge_target_[e];
  }
  return kNone;
}

uint32_t AhoCorasick::next(uint32_t state, uint32_t cls) const {
  while (state >= dense_states_) {
    uint32_t t = child(state, cls);
    if (t != kNone) return t;
    state = fail_[state];
  }
  return dense_[size_t{state} * classes_ + cls];
}

bool AhoCorasick::find(std::string_view text, Match& match) const {
  if (phrases_.empty()) return false;
  uint32_t state = 0;
  const uint32_t* dense = dense_.data();
  const uint32_t* output = output_.data();
  for (size_t i = 0; i < text.size(); ++i) {
    uint32_t cls = class_of_[static_cast<unsigned char>(text[i])];
    // The dense step inline: it is nearly every step, and a call per byte cost about as much as
    // the step itself (@pm on a typical value: 160 -> 130 ns in the engine benchmark).
    state = state < dense_states_ ? dense[size_t{state} * classes_ + cls] : next(state, cls);
    if (output[state] != kNone) {
      match.phrase = output_[state];
      match.end = i + 1;
      return true;
    }
  }
  return false;
}

}  // namespace rampart::operators
