// libFuzzer harness: the @pm automaton (operators/aho_corasick.h) against a naive search. A phrase
// the automaton misses is an attack @pm lets through, so any difference stops the run: whether a
// phrase occurs, where the first occurrence ends, and its length (the longest of those ending
// there). With enough phrases most states fall past the dense rows' budget, so the sparse states
// and their failure links are searched too.
//
// Input: phrases, one per line, then a NUL, then the text searched.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "operators/aho_corasick.h"

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  std::string_view list = rampart::fuzz::next_piece(in);
  std::string_view text = in;
  std::vector<std::string> phrases;
  while (!list.empty()) {
    size_t nl = list.find('\n');
    phrases.emplace_back(list.substr(0, nl));
    list = nl == std::string_view::npos ? std::string_view() : list.substr(nl + 1);
  }
  rampart::operators::AhoCorasick ac(phrases);

  // Naive: for each phrase its first occurrence (the one that ends first); the smallest end wins,
  // then the longest phrase.
  std::string ltext = lower(text);
  size_t best_end = std::string::npos, best_len = 0;
  for (const std::string& p : ac.phrases()) {
    if (p.empty()) __builtin_trap();  // the automaton drops empty phrases
    size_t at = ltext.find(lower(p));
    if (at == std::string::npos) continue;
    size_t end = at + p.size();
    if (end < best_end || (end == best_end && p.size() > best_len)) {
      best_end = end;
      best_len = p.size();
    }
  }
  rampart::operators::AhoCorasick::Match m{};
  bool found = ac.find(text, m);
  bool expected = best_end != std::string::npos;
  if (found != expected || (found && (m.end != best_end || m.phrase >= ac.phrases().size() ||
                                      ac.phrases()[m.phrase].size() != best_len))) {
    std::fprintf(stderr, "fuzz_pm: automaton %s (end %zu), naive %s (end %zu, length %zu)\n",
                 found ? "found" : "missed", m.end, expected ? "found" : "missed", best_end,
                 best_len);
    __builtin_trap();
  }
  return 0;
}
