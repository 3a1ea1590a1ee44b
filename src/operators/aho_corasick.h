// Aho-Corasick automaton for @pm/@pmFromFile: finds which of many phrases occurs in a text in one
// pass, ASCII case-insensitively. Built once at config time; immutable afterwards, so one instance
// is searched by any number of threads at once.
//
// Layout: bytes are lowercased and folded into classes (bytes absent from every phrase share one
// class). States are numbered breadth-first, so shallow states come first; those get full DFA rows
// (one lookup per byte), up to a memory budget. Deeper states - rarely visited, and numerous for
// big phrase files - keep only their trie edges plus a failure link, which is followed on a miss.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rampart::operators {

class AhoCorasick {
 public:
  struct Match {
    size_t phrase;  // index into phrases()
    size_t end;     // offset just past the occurrence in the searched text
  };

  // Empty phrases are ignored; phrases equal up to case keep the first spelling.
  explicit AhoCorasick(std::vector<std::string> phrases);

  // Finds the occurrence that ends first in `text` (the longest phrase when several end at the
  // same byte). Returns false when no phrase occurs.
  bool find(std::string_view text, Match& match) const;

  const std::vector<std::string>& phrases() const { return phrases_; }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  // A state as the search carries it: a dense state's row offset (state * classes_), or past
  // the dense cells a sparse state's number; with kOutputBit when the state reports a phrase.
  static constexpr uint32_t kOutputBit = uint32_t{1} << 31;
  uint32_t code_of(uint32_t state) const;
  uint32_t state_of(uint32_t code) const;
  uint32_t dense_cells() const { return dense_states_ * classes_; }

  // The code of the transition from a sparse state (trie edges, then failure links).
  uint32_t next_code(uint32_t state, uint32_t cls) const;
  uint32_t child(uint32_t state, uint32_t cls) const;  // trie edge or kNone

  std::vector<std::string> phrases_;
  std::array<uint16_t, 256> class_of_{};  // byte -> class; class 0 = byte in no phrase
  uint32_t classes_ = 1;
  // Trie edges of state s: edge_class_/edge_target_[edge_begin_[s] .. edge_begin_[s + 1]).
  std::vector<uint32_t> edge_begin_;
  std::vector<uint16_t> edge_class_;
  std::vector<uint32_t> edge_target_;
  std::vector<uint32_t> fail_;
  std::vector<uint32_t> output_;  // phrase reported on reaching the state, or kNone
  uint32_t dense_states_ = 0;     // states [0, dense_states_) have rows in dense_
  std::vector<uint32_t> dense_;   // dense_[s * classes_ + c]: the target's code
};

}  // namespace rampart::operators
