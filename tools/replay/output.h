// How `rampart replay` prints a request's outcome, a difference between two rule sets, and the
// totals: text for people (one line per request, one indented line per rule), or JSON Lines.
#pragma once

#include <cstdint>
#include <cstdio>

#include "replay/evaluate.h"
#include "replay/request.h"

namespace rampart::replay {

struct Totals {
  uint64_t requests = 0, blocked = 0, problems = 0;
  uint64_t changed = 0, newly_blocked = 0, newly_passed = 0, rules_differ = 0;  // --diff
  double micros = 0;
};

void print_outcome(std::FILE* out, uint64_t n, const Request& r, const Outcome& o, bool json);
// A request whose outcome differs between rule set A and B (verdict, or with `rules` the ids).
void print_difference(std::FILE* out, uint64_t n, const Request& r, const Outcome& a,
                      const Outcome& b, bool json);
void print_totals(std::FILE* out, const Totals& t, bool diff);

// The ids that fired under `a` but not `b`.
std::vector<std::string> only_in(const Outcome& a, const Outcome& b);

}  // namespace rampart::replay
