// @rx patterns prone to catastrophic backtracking: a group repeated without bound whose body
// can itself match the same text in many ways because its single required part repeats without
// bound too (or nothing in it is required): (a+)+, (\w+\s?)*, (?:\s*[a-z]+)*, (a*)*. On a long input that almost matches, PCRE tries
// exponentially many splits (PCRE2's match limit then stops it, and the rule does not match).
// A heuristic that reads the pattern text: alternatives like (a|aa)+ are not detected; atomic
// groups (?>…) and possessive quantifiers (a++) are known to be safe.
#include <string_view>
#include <vector>

#include "config/lint/checks.h"
#include "engine/collection.h"

namespace rampart::lint {

namespace {

struct Quantifier {
  size_t length = 0;       // 0: no quantifier
  bool optional = false;   // may match zero times: ?, *, {0,…}
  bool unbounded = false;  // *, +, {n,}
  bool possessive = false;
};

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

Quantifier read_quantifier(std::string_view p, size_t i) {
  Quantifier q;
  if (i >= p.size()) return q;
  char c = p[i];
  if (c == '*' || c == '+' || c == '?') {
    q.length = 1;
    q.optional = c != '+';
    q.unbounded = c != '?';
  } else if (c == '{') {
    size_t j = i + 1, min_start = j;
    while (j < p.size() && is_digit(p[j])) ++j;
    if (j == min_start) return q;  // "{" is a literal here
    bool zero_min = std::string_view(p.data() + min_start, j - min_start).find_first_not_of('0') ==
                    std::string_view::npos;
    bool comma = j < p.size() && p[j] == ',';
    if (comma) ++j;
    size_t max_start = j;
    while (j < p.size() && is_digit(p[j])) ++j;
    if (j >= p.size() || p[j] != '}') return q;
    q.length = j + 1 - i;
    q.optional = zero_min;
    q.unbounded = comma && j == max_start;
  }
  if (q.length > 0 && i + q.length < p.size()) {
    char suffix = p[i + q.length];
    if (suffix == '+') q.possessive = true;
    if (suffix == '+' || suffix == '?') ++q.length;  // possessive or lazy
  }
  return q;
}

// One alternative of a group being read.
struct Branch {
  bool repeats = false;           // holds a part that repeats without bound (and may backtrack)
  int required = 0;               // parts that must match at least once
  bool required_repeats = false;  // one of them repeats without bound
  // It can match one text in many ways when repetition is all it needs: no required part, or a
  // single one that repeats ((a+), (\w+\s?)). Two required parts, as in ([+-]+\s+), usually
  // delimit each other.
  bool ambiguous() const {
    return repeats && (required == 0 || (required == 1 && required_repeats));
  }
};

struct Group {
  bool atomic = false;
  bool ambiguous = false;  // some finished alternative is ambiguous
  Branch branch;
  void end_branch() {
    ambiguous = ambiguous || branch.ambiguous();
    branch = Branch();
  }
};

// Records an atom (with its quantifier) in the enclosing branch. An ambiguous group repeats
// even without a quantifier of its own: ((a+))+.
void add_atom(Branch& b, const Quantifier& q, bool ambiguous_group) {
  bool repeats = !q.possessive && (q.unbounded || ambiguous_group);
  if (repeats) b.repeats = true;
  if (!q.optional) {
    ++b.required;
    if (repeats) b.required_repeats = true;
  }
}

}  // namespace

// True when `pattern` has an unbounded repetition of an ambiguous group.
bool has_nested_quantifier(std::string_view p) {
  std::vector<Group> stack(1);
  size_t i = 0;
  while (i < p.size()) {
    char c = p[i];
    if (c == '\\') {
      if (i + 1 < p.size() && p[i + 1] == 'Q') {  // \Q…\E is literal text
        size_t end = p.find("\\E", i + 2);
        i = end == std::string_view::npos ? p.size() : end + 2;
        ++stack.back().branch.required;
        continue;
      }
      char e = i + 1 < p.size() ? p[i + 1] : '\0';
      i += 2;
      if (e == 'b' || e == 'B' || e == 'A' || e == 'z' || e == 'Z' || e == 'G') continue;
      Quantifier q = read_quantifier(p, i);
      add_atom(stack.back().branch, q, false);
      i += q.length;
    } else if (c == '[') {
      size_t j = i + 1;
      if (j < p.size() && p[j] == '^') ++j;
      if (j < p.size() && p[j] == ']') ++j;  // a leading ] is literal
      while (j < p.size() && p[j] != ']') j += p[j] == '\\' ? 2 : 1;
      i = j + 1;
      Quantifier q = read_quantifier(p, i);
      add_atom(stack.back().branch, q, false);
      i += q.length;
    } else if (c == '(') {
      if (p.substr(i, 3) == "(?#") {
        size_t end = p.find(')', i);
        i = end == std::string_view::npos ? p.size() : end + 1;
        continue;
      }
      Group g;
      g.atomic = p.substr(i, 3) == "(?>";
      stack.push_back(g);
      ++i;
      // Skip the group's kind: ?:, ?=, ?!, ?<=, ?<!, ?<name>, ?P<name>, ?i) …
      if (i < p.size() && p[i] == '?') {
        while (i < p.size() && p[i] != ':' && p[i] != ')' && p[i] != '>' && p[i] != '=' &&
               p[i] != '!')
          ++i;
        if (i < p.size() && p[i] == ')') {  // an option setting such as (?i): no group
          stack.pop_back();
          ++i;
          continue;
        }
        ++i;
      }
    } else if (c == ')') {
      if (stack.size() == 1) return false;  // unbalanced: PCRE would have refused it
      Group g = stack.back();
      stack.pop_back();
      g.end_branch();
      ++i;
      Quantifier q = read_quantifier(p, i);
      i += q.length;
      if (g.ambiguous && !g.atomic && q.unbounded && !q.possessive) return true;
      add_atom(stack.back().branch, q, g.ambiguous && !g.atomic);
    } else if (c == '|') {
      stack.back().end_branch();
      ++i;
    } else if (c == '^' || c == '$') {
      ++i;
    } else {
      ++i;
      Quantifier q = read_quantifier(p, i);
      add_atom(stack.back().branch, q, false);
      i += q.length;
    }
  }
  return false;
}

void check_backtracking(const Rules& rules, Findings& out) {
  for (const auto& rule : rules) {
    if (rule->is_marker) continue;
    for_each_link(*rule, [&](const Rule& link) {
      if (!iequals(link.op_name, "rx") || !has_nested_quantifier(link.op_param_text)) return;
      out.warn(link,
               "the regex repeats a group whose own repetition can split the same text in many "
               "ways (like (a+)+): a long input that almost matches makes it backtrack "
               "exponentially; make the inner part possessive (a++) or atomic ((?>…)), or "
               "require a separator in the group");
    });
  }
}

}  // namespace rampart::lint
