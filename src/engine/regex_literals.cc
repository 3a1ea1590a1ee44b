#include "engine/regex_literals.h"

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <utility>
#include <vector>

#include "engine/byte_rarity.h"

namespace rampart {

namespace {

// A sorted set of strings in one vector. The analysis makes and drops small sets of short
// strings at every step; std::set's node per string made allocation most of its time.
// Iterates in the same (byte) order as std::set would.
class Set {
 public:
  Set() = default;
  Set(std::initializer_list<std::string_view> items) {
    for (std::string_view s : items) insert(std::string(s));
  }
  using const_iterator = std::vector<std::string>::const_iterator;
  const_iterator begin() const { return v_.begin(); }
  const_iterator end() const { return v_.end(); }
  size_t size() const { return v_.size(); }
  bool empty() const { return v_.empty(); }
  void clear() { v_.clear(); }
  bool contains(std::string_view s) const {
    return std::binary_search(v_.begin(), v_.end(), s, std::less<>());
  }
  void insert(std::string s) {
    auto at = std::lower_bound(v_.begin(), v_.end(), s);
    if (at == v_.end() || *at != s) v_.insert(at, std::move(s));
  }
  void insert(const Set& other) {
    if (v_.empty()) {
      v_ = other.v_;
      return;
    }
    size_t old = v_.size();
    v_.insert(v_.end(), other.v_.begin(), other.v_.end());
    union_with_tail(old);
  }
  void merge(Set&& other) {
    if (v_.empty()) {
      v_ = std::move(other.v_);
      return;
    }
    size_t old = v_.size();
    v_.insert(v_.end(), std::make_move_iterator(other.v_.begin()),
              std::make_move_iterator(other.v_.end()));
    union_with_tail(old);
  }
  size_t erase(std::string_view s) {
    auto at = std::lower_bound(v_.begin(), v_.end(), s, std::less<>());
    if (at == v_.end() || *at != s) return 0;
    v_.erase(at);
    return 1;
  }
  // Extends a one-string set's string in place (it stays sorted).
  void extend_only(std::string_view tail) { v_.front() += tail; }

 private:
  // v_[0, old) and v_[old, end) are each sorted: one merge makes them a set (no sort needed).
  void union_with_tail(size_t old) {
    std::inplace_merge(v_.begin(), v_.begin() + static_cast<std::ptrdiff_t>(old), v_.end());
    v_.erase(std::unique(v_.begin(), v_.end()), v_.end());
  }
  std::vector<std::string> v_;
};

// Bounds that keep the analysis cheap and the automaton small. Past them a piece of pattern is
// treated as matching anything, which only costs selectivity, never correctness.
constexpr size_t kMaxExact = 64;       // strings in an "exact" set (cross products grow fast)
constexpr size_t kMaxRequired = 512;   // literals in a required set (CRS has long word lists)
constexpr size_t kMaxClass = 4;        // a class of up to this many lowercased bytes is expanded
constexpr size_t kMaxClassBytes = 32;  // a larger one of rare bytes requires one of them
constexpr size_t kMaxSmallRun = 8;     // optional parts multiply a run up to this many strings
constexpr size_t kMaxDepth = 100;      // group nesting; deeper patterns get no prefilter

unsigned char lower(unsigned char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c + ('a' - 'A')) : c;
}
bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
bool is_hex(unsigned char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool is_alnum(unsigned char c) {
  return is_digit(c) || (lower(c) >= 'a' && lower(c) <= 'z');
}
int hex_value(unsigned char c) {
  return is_digit(c) ? c - '0' : lower(c) - 'a' + 10;
}

// What the analysis knows about a piece of pattern, in lowercase. `exact`: every string the piece
// can consume is in the set. `required`: everything it consumes contains one of the strings.
// Either may be unknown (nullopt); neither ever claims more than is certain.
struct Info {
  std::optional<Set> exact;
  std::optional<Set> required;
};

Info exact_of(Set s) {
  return Info{std::move(s), std::nullopt};
}
Info empty_match() {  // anchors, \b, lookarounds: they consume nothing
  return exact_of(Set{""});
}
Info anything() {
  return Info{};
}

// In a requirement, "or the match starts where the subject starts" (a `^` branch): the prefilter
// then answers that only an anchored match is left to try. Lowercased literals never hold an
// uppercase letter, so this cannot be confused with one.
const std::string kAtStart = "^AT-START";

Info at_start() {
  return Info{Set{""}, Set{kAtStart}};
}

// A requirement is only useful when every alternative is non-empty.
bool usable(const Set& s) {
  return !s.empty() && !s.contains("");
}

// The set a piece requires (viewed, not copied: the analysis handles sets of hundreds of words
// at every level of nesting), or null.
const Set* requirement(const Info& info) {
  if (info.exact && usable(*info.exact)) return &*info.exact;
  return info.required ? &*info.required : nullptr;
}
Set* requirement(Info& info) {
  return const_cast<Set*>(requirement(std::as_const(info)));
}

size_t shortest(const Set& s) {
  size_t n = SIZE_MAX;
  for (const std::string& x : s) {
    if (x != kAtStart) n = std::min(n, x.size());
  }
  return n;
}

// The shortest literal longer than a byte; 0 when there is none.
size_t shortest_word(const Set& s) {
  size_t n = SIZE_MAX;
  for (const std::string& x : s) {
    if (x.size() > 1 && x != kAtStart) n = std::min(n, x.size());
  }
  return n == SIZE_MAX ? 0 : n;
}

// How common the anchor the prefilter would find for `s` is at worst: the largest, over the
// literals, of each one's rarest byte (engine/byte_rarity.h).
int worst_anchor(const Set& s) {
  int worst = 0;
  for (const std::string& x : s) {
    if (x != kAtStart) worst = std::max(worst, folded_commonness(rarest_byte(x)));
  }
  return worst;
}

// How the prefilter (engine/regex_prefilter.h) would search for a set, cheapest first.
enum SearchCost : int {
  kRareBytes = 0,     // every literal has a rare byte to anchor on
  kFewCommon = 1,     // up to kMaxCommonLiterals have none and are searched one by one
  kByteTable = 2,     // more have none, but the byte table can still take them all
  kOnlyAtStart = 3,   // only "the match starts at the start": nothing to search, yet in an
                      // alternation beside searchable branches it keeps the whole searchable
  kUnsearchable = 4,  // the prefilter would not search
};
SearchCost search_cost(const Set& s) {
  if (s.size() == 1 && s.contains(kAtStart)) return kOnlyAtStart;
  size_t common = 0;
  for (const std::string& x : s) {
    if (x == kAtStart || has_anchor_byte(x)) continue;
    if (x.size() < kMinRequiredLiteral) return kUnsearchable;
    ++common;
  }
  if (common == 0) return kRareBytes;
  if (common <= kMaxCommonLiterals) return kFewCommon;
  return fits_byte_table(s, kAtStart) ? kByteTable : kUnsearchable;
}

// Of two valid requirements, the one the prefilter searches more cheaply wins: `while\s*\(` is
// better served by "(" than by "while", whose bytes are all common. Then the one whose shortest
// literal is longer occurs less often; past a few bytes length hardly matters, and then rarer
// anchors and fewer literals make the quicker search.
bool better(const Set& a, const Set& b) {
  int ca = search_cost(a), cb = search_cost(b);
  if (ca != cb) return ca < cb;
  // A subject without the literals still costs an anchored PCRE2 run.
  if (a.contains(kAtStart) != b.contains(kAtStart)) return !a.contains(kAtStart);
  size_t la = std::min<size_t>(shortest(a), 6), lb = std::min<size_t>(shortest(b), 6);
  if (la != lb) return la > lb;
  // Rare single bytes alongside (what a gap between letters requires), the words still count.
  size_t word_a = std::min<size_t>(shortest_word(a), 6);
  size_t word_b = std::min<size_t>(shortest_word(b), 6);
  if (word_a != word_b) return word_a > word_b;
  if (ca == 0) {
    int wa = worst_anchor(a), wb = worst_anchor(b);
    if (wa != wb) return wa < wb;
  }
  return a.size() < b.size();
}

// A concatenation, item by item. Adjacent exact items multiply into a "run" of exact strings;
// anything else (or a run grown too large) cuts the run, which then becomes a candidate
// requirement. The concatenation requires the best candidate: any one of them would do.
//
// An optional item that requires something whenever it consumes anything (`[\"']*`, `\\?`) need
// not cut the run: a match either skips it, and then contains the run's string unbroken, or
// contains one of its own requirement. So the run goes on, and its candidate widens by that
// requirement ("pending"). CRS spells shell commands with such gaps between the letters
// (`b["')\[\\]*u...`), which would otherwise leave nothing longer than a letter.
class Sequence {
 public:
  void append(const Set& exact) {
    // An optional item skipped just before is inside the run only if the run had begun.
    if (!run_.contains("")) pending_.insert(gap_);
    gap_.clear();
    if (exact.size() > kMaxExact) {
      cut();
      consider(&exact);
      return;
    }
    if (run_.size() * exact.size() > kMaxExact) cut();
    if (run_.size() == 1 && exact.size() == 1) {  // a literal after a literal: most appends
      extend_single_run(*exact.begin());
      return;
    }
    Set next;
    for (const std::string& a : run_) {
      for (const std::string& b : exact) next.insert(a + b);
    }
    run_ = std::move(next);
  }
  // append(Set{one byte}) without making the set.
  void append_byte(char c) {
    if (run_.size() != 1 || !gap_.empty()) {
      append(Set{std::string(1, c)});
      return;
    }
    extend_single_run(std::string_view(&c, 1));
  }
  size_t run_size() const { return run_.size(); }
  bool skipped_any() const { return !pending_.empty() || !gap_.empty(); }
  // An optional item that, when it consumes anything, contains one of `required`.
  void skip_optional(const Set& required) {
    if (pending_.size() + gap_.size() + required.size() > kMaxRequired) {
      cut();
      return;
    }
    // The run so far holds on its own. Once gaps are pending, the candidate at the run's end
    // is as good, and considering each step would copy the sets at every gap.
    if (pending_.empty() && gap_.empty()) consider(&run_);
    gap_.insert(required);
    exact_ = false;
  }
  // What follows is not adjacent to the run: the run ends here.
  void cut() {
    if (pending_.empty()) {
      consider(&run_);
    } else {
      Set with_pending = run_with_pending();
      consider(&with_pending);
    }
    run_ = Set{""};
    pending_.clear();
    gap_.clear();
    exact_ = false;
  }
  void consider(const Set* s) {
    if (s != nullptr && usable(*s) && (!best_ || better(*s, *best_))) best_ = *s;
  }
  Info finish() {
    if (exact_) return Info{std::move(run_), std::move(best_)};
    cut();
    return Info{std::nullopt, std::move(best_)};
  }

 private:
  // The run is one string: it grows in place.
  void extend_single_run(std::string_view tail) { run_.extend_only(tail); }

  // The run's strings that contain a pending literal are redundant (`b\\usybox` beside `\\`).
  Set run_with_pending() const {
    Set s = pending_;
    for (const std::string& r : run_) {
      if (std::none_of(pending_.begin(), pending_.end(),
                       [&](const std::string& p) { return r.find(p) != std::string::npos; }))
        s.insert(r);
    }
    return s;
  }

  Set run_{""};
  Set pending_;  // what skipped items inside the run require
  Set gap_;      // what those skipped since the run's last string require
  bool exact_ = true;
  std::optional<Set> best_;
};

// True when every string of `s` but the empty one is a single rare byte: as an optional item
// (`\\?`, `'?`) it is better skipped over (Sequence::skip_optional) than multiplied into the run.
bool rare_bytes_only(const Set& s) {
  return std::all_of(s.begin(), s.end(), [](const std::string& x) {
    return x.empty() || (x.size() == 1 && has_anchor_byte(x));
  });
}

constexpr int kUnbounded = -1;

// Adds `atom` repeated min..max times.
void add(Sequence& seq, const Info& atom, int min, int max) {
  // An exact atom may require more than its strings show: `^` is empty but anchors the match.
  if (min >= 1 && atom.exact && atom.required) seq.consider(&*atom.required);
  if (min == 1 && max == 1) {
    if (atom.exact) {
      seq.append(*atom.exact);
    } else {
      seq.cut();
      seq.consider(requirement(atom));
    }
    return;
  }
  if (min == 0) {
    // `colou?r`: both spellings join the run, while that keeps it small or the optional part
    // has common bytes. Among gaps already skipped (`["']*\\?`) a rare byte is skipped too:
    // spellings with it would only be redundant beside the gap's bytes.
    if (max == 1 && atom.exact && atom.exact->size() < kMaxExact &&
        (!rare_bytes_only(*atom.exact) ||
         (seq.run_size() * (atom.exact->size() + 1) <= kMaxSmallRun && !seq.skipped_any()))) {
      Set s = *atom.exact;
      s.insert("");
      seq.append(s);
      return;
    }
    // When the repetition consumes anything it consumes at least one match of the atom.
    const Set* required = requirement(atom);
    Set consumed;
    if (atom.exact) {
      consumed = *atom.exact;
      consumed.erase("");
      if (consumed.empty()) return;  // the atom consumes nothing at all
      required = &consumed;
    }
    // Only a requirement as cheap to search as a rare byte is worth carrying along the run.
    if (required != nullptr && usable(*required) && search_cost(*required) == kRareBytes) {
      seq.skip_optional(*required);
    } else {
      seq.cut();
    }
    return;
  }
  // At least one repeat: the repetition starts with a match of the atom and ends with one.
  if (atom.exact) {
    seq.append(*atom.exact);
    seq.cut();
    seq.append(*atom.exact);
  } else {
    seq.cut();
    seq.consider(requirement(atom));
  }
}

// Recursive descent over PCRE2's syntax. `failed_` is set on anything not understood; the result
// is then discarded.
class Parser {
 public:
  explicit Parser(std::string_view p) : p_(p), multiline_(sets_multiline(p)) {}

  std::optional<Info> run() {
    Info info = alternation(0);
    if (failed_ || pos_ != p_.size()) return std::nullopt;
    return info;
  }

 private:
  enum class Brace { kNotQuantifier, kQuantifier, kAmbiguous };

  bool at_end() const { return pos_ >= p_.size(); }
  bool next_is(char c, size_t ahead = 0) const {
    return pos_ + ahead < p_.size() && p_[pos_ + ahead] == c;
  }
  unsigned char take() { return static_cast<unsigned char>(p_[pos_++]); }
  Info fail() {
    failed_ = true;
    return anything();
  }

  Info alternation(size_t depth) {
    if (depth > kMaxDepth) return fail();
    std::vector<Info> branches;
    branches.push_back(sequence(depth));
    while (!failed_ && next_is('|')) {
      ++pos_;
      branches.push_back(sequence(depth));
    }
    if (branches.size() == 1) return std::move(branches[0]);
    Info out;
    Set all;
    bool exact = true;
    for (const Info& b : branches) {
      if (!b.exact) {
        exact = false;
        break;
      }
      all.insert(*b.exact);
      if (all.size() > kMaxExact) {
        exact = false;
        break;
      }
    }
    if (exact) out.exact = std::move(all);
    // Whichever branch matches, its requirement holds; a branch without one sinks them all.
    Set required;
    for (Info& b : branches) {  // the branches are spent: their strings move
      Set* r = requirement(b);
      if (r == nullptr) return out;
      required.merge(std::move(*r));
      if (required.size() > kMaxRequired) return out;
    }
    out.required = std::move(required);
    return out;
  }

  Info sequence(size_t depth) {
    Sequence seq;
    while (!failed_ && !at_end()) {
      if (quoting_) {  // \Q...\E: every byte literal, up to \E or the end of the pattern
        if (next_is('\\') && next_is('E', 1)) {
          pos_ += 2;
          quoting_ = false;
          if (quantifier_follows()) fail();  // it would repeat the last quoted byte
          continue;
        }
        seq.append_byte(static_cast<char>(lower(take())));
        continue;
      }
      if (next_is('|') || next_is(')')) break;
      if (int byte = plain_byte(); byte >= 0) {  // most of a pattern: no Info, no set
        seq.append_byte(static_cast<char>(lower(static_cast<unsigned char>(byte))));
        continue;
      }
      std::optional<Info> item = atom(depth);
      if (failed_) break;
      if (!item) {  // option setting, comment or \E: no item of its own
        if (!quoting_ && quantifier_follows()) fail();
        continue;
      }
      int min = 1, max = 1;
      quantifier(min, max);
      if (failed_) break;
      add(seq, *item, min, max);
    }
    return seq.finish();
  }

  // A byte that stands for itself, unquantified (`a`, `\.`): taken and returned; else -1.
  int plain_byte() {
    static constexpr std::string_view kSpecial = "\\()[]{}.^$*+?|";
    static constexpr std::string_view kQuantifier = "*+?{";
    auto is = [](std::string_view set, char c) { return set.find(c) != std::string_view::npos; };
    size_t len = 1;
    char c = p_[pos_];
    if (c == '\\') {
      if (pos_ + 1 >= p_.size() || is_alnum(p_[pos_ + 1])) return -1;
      c = p_[pos_ + 1];
      len = 2;
    } else if (is(kSpecial, c)) {
      return -1;
    }
    if (pos_ + len < p_.size() && is(kQuantifier, p_[pos_ + len])) return -1;
    pos_ += len;
    return static_cast<unsigned char>(c);
  }

  bool quantifier_follows() {
    if (next_is('*') || next_is('+') || next_is('?')) return true;
    int min, max;
    return next_is('{') && brace(min, max, false) != Brace::kNotQuantifier;
  }

  // Reads a quantifier (with its lazy or possessive suffix) if one follows.
  void quantifier(int& min, int& max) {
    if (next_is('*')) {
      min = 0, max = kUnbounded;
      ++pos_;
    } else if (next_is('+')) {
      min = 1, max = kUnbounded;
      ++pos_;
    } else if (next_is('?')) {
      min = 0, max = 1;
      ++pos_;
    } else if (next_is('{')) {
      Brace b = brace(min, max, true);
      if (b == Brace::kNotQuantifier) return;  // a literal '{', read as the next atom
      if (b == Brace::kAmbiguous) {
        fail();
        return;
      }
    } else {
      return;
    }
    if (next_is('+') || next_is('?')) ++pos_;  // possessive or lazy: same strings
    if (quantifier_follows()) fail();
  }

  // `{n}`, `{n,}` or `{n,m}` is a quantifier in PCRE2 10.42. Other text of digits, commas and
  // spaces between braces (`{,m}`, `{ 2 }`, `{}`) means a literal in some PCRE2 versions and a
  // quantifier in others, so it is reported ambiguous. Consumes the braces only when `consume`.
  Brace brace(int& min, int& max, bool consume) {
    size_t j = pos_ + 1;
    while (j < p_.size() && (is_digit(p_[j]) || p_[j] == ',' || p_[j] == ' ' || p_[j] == '\t')) ++j;
    if (j >= p_.size() || p_[j] != '}') return Brace::kNotQuantifier;
    std::string_view body = p_.substr(pos_ + 1, j - pos_ - 1);
    size_t comma = body.find(',');
    std::string_view lo = body.substr(0, comma);
    std::string_view hi = comma == std::string_view::npos ? lo : body.substr(comma + 1);
    auto digits = [](std::string_view s) {
      return !s.empty() && s.size() <= 5 && std::all_of(s.begin(), s.end(), is_digit);
    };
    bool open = comma != std::string_view::npos && hi.empty();
    if (!digits(lo) || (!open && !digits(hi)) ||
        (comma != std::string_view::npos && body.find(',', comma + 1) != body.npos))
      return Brace::kAmbiguous;
    min = std::stoi(std::string(lo));
    max = open ? kUnbounded : std::stoi(std::string(hi));
    if (max != kUnbounded && max < min) return Brace::kAmbiguous;  // a compile error anyway
    if (consume) pos_ = j + 1;
    return Brace::kQuantifier;
  }

  // One item; nullopt for text that is no item (option settings, comments, \Q, \E).
  std::optional<Info> atom(size_t depth) {
    unsigned char c = take();
    switch (c) {
      case '(':
        return group(depth);
      case '[':
        return char_class();
      case '.':
        return anything();
      case '^':
        return multiline_ ? empty_match() : at_start();
      case '$':
        return empty_match();
      case '\\':
        return escape();
      case '*':
      case '+':
      case '?':
        return fail();
      case '{': {
        --pos_;
        int min, max;
        if (brace(min, max, false) != Brace::kNotQuantifier) return fail();
        ++pos_;
        return exact_of(Set{"{"});
      }
      default:
        return exact_of(Set{std::string(1, static_cast<char>(lower(c)))});
    }
  }

  // After '(' has been read.
  std::optional<Info> group(size_t depth) {
    if (next_is('*')) return fail();  // verbs and (*positive_lookahead: ...) alike
    if (!next_is('?')) return body(depth);
    ++pos_;
    if (at_end()) return fail();
    unsigned char c = take();
    switch (c) {
      case ':':
      case '|':
      case '>':
        return body(depth);
      case '=':
      case '!':
        body(depth);
        return empty_match();
      case '<':
        if (next_is('=') || next_is('!')) {
          ++pos_;
          body(depth);
          return empty_match();
        }
        return named(depth, '>');
      case 'P':
        if (!next_is('<')) return fail();  // (?P=name) back reference, (?P>name) recursion
        ++pos_;
        return named(depth, '>');
      case '\'':
        return named(depth, '\'');
      case '#':
        while (!at_end() && !next_is(')')) ++pos_;
        if (at_end()) return fail();
        ++pos_;
        return std::nullopt;
      default:
        --pos_;
        return options(depth);
    }
  }

  // The group's alternatives and its ')'.
  Info body(size_t depth) {
    Info in = alternation(depth + 1);
    if (failed_ || !next_is(')')) return fail();
    ++pos_;
    return in;
  }

  Info named(size_t depth, char close) {
    size_t start = pos_;
    while (!at_end() && (is_alnum(p_[pos_]) || p_[pos_] == '_')) ++pos_;
    if (pos_ == start || !next_is(close)) return fail();
    ++pos_;
    return body(depth);
  }

  // (?flags) or (?flags:...). Case needs no tracking (literals are searched caseless anyway),
  // nor do s, m, n, J or U; x changes what white space and # mean, so it ends the analysis, as
  // does anything unknown (recursion, conditionals, callouts).
  std::optional<Info> options(size_t depth) {
    static constexpr std::string_view kHarmless = "imnsJU-^";
    size_t start = pos_;
    while (!at_end() && kHarmless.find(p_[pos_]) != std::string_view::npos) ++pos_;
    if (pos_ == start) return fail();
    if (next_is(')')) {
      ++pos_;
      return std::nullopt;
    }
    if (next_is(':')) {
      ++pos_;
      return body(depth);
    }
    return fail();
  }

  // After '\' outside a class.
  std::optional<Info> escape() {
    if (at_end()) return fail();
    unsigned char c = take();
    switch (c) {
      case 'Q':
        quoting_ = true;
        return std::nullopt;
      case 'E':
        return std::nullopt;
      case 'd':
      case 'D':
      case 'w':
      case 'W':
      case 's':
      case 'S':
      case 'h':
      case 'H':
      case 'v':
      case 'V':
      case 'R':
      case 'C':
        return anything();
      case 'N':
        if (next_is('{')) return fail();
        return anything();
      case 'A':
        return at_start();
      case 'b':
      case 'B':
      case 'Z':
      case 'z':
      case 'G':
      case 'K':
        return empty_match();
      default:
        break;
    }
    if (c >= '1' && c <= '9') {
      // \1..\9 alone is a back reference (content unknown); more digits may be octal instead.
      if (!at_end() && is_digit(p_[pos_])) return fail();
      return anything();
    }
    int value = byte_escape(c);
    if (value < 0) return fail();
    return exact_of(
        Set{std::string(1, static_cast<char>(lower(static_cast<unsigned char>(value))))});
  }

  // Escapes that stand for one byte, inside or outside a class (`c` is the byte after '\');
  // -1 for any other.
  int byte_escape(unsigned char c) {
    switch (c) {
      case 'a':
        return 0x07;
      case 'e':
        return 0x1b;
      case 'f':
        return 0x0c;
      case 'n':
        return 0x0a;
      case 'r':
        return 0x0d;
      case 't':
        return 0x09;
      case '0': {  // \0 and up to two more octal digits
        int v = 0;
        for (int k = 0; k < 2 && !at_end() && p_[pos_] >= '0' && p_[pos_] <= '7'; ++k)
          v = v * 8 + (take() - '0');
        return v;
      }
      case 'x': {
        int v = 0;
        if (next_is('{')) {
          ++pos_;
          size_t start = pos_;
          while (!at_end() && is_hex(p_[pos_]) && v < 256) v = v * 16 + hex_value(take());
          if (pos_ == start || v > 255 || !next_is('}')) return -1;
          ++pos_;
          return v;
        }
        for (int k = 0; k < 2 && !at_end() && is_hex(p_[pos_]); ++k) v = v * 16 + hex_value(take());
        return v;
      }
      default:
        return is_alnum(c) ? -1 : c;  // a backslash before any other byte makes it literal
    }
  }

  // After '['. A class expands to its bytes when, lowercased, there are only a few; otherwise it
  // stands for "one byte of many".
  Info char_class() {
    std::bitset<256> bits;
    bool wide = false;
    bool negate = next_is('^');
    if (negate) ++pos_;
    bool first = true;  // a ']' right at the start is a literal
    for (;;) {
      if (at_end()) return fail();
      if (next_is(']') && !first) {
        ++pos_;
        break;
      }
      first = false;
      int lo = class_element();
      if (failed_) return anything();
      if (lo < 0) {
        wide = true;
        continue;
      }
      if (next_is('-') && pos_ + 1 < p_.size() && p_[pos_ + 1] != ']') {
        ++pos_;
        int hi = class_element();
        if (failed_ || hi < lo) return fail();  // includes a set as the end of a range
        for (int b = lo; b <= hi; ++b) bits.set(b);
      } else {
        bits.set(lo);
      }
    }
    if (wide) return anything();
    if (negate) bits.flip();
    // Lowercasing covers caseless classes: with (?i), [a] also matches 'A', whose lowercase is
    // 'a'; [^a] then excludes 'A' too, so the set only grows.
    for (int b = 'A'; b <= 'Z'; ++b) {
      if (bits.test(b)) bits.set(lower(static_cast<unsigned char>(b)));
      bits.reset(b);
    }
    if (bits.count() > kMaxClassBytes) return anything();  // \S-like classes: no strings made
    Set out;
    for (int b = 0; b < 256; ++b)
      if (bits.test(b)) out.insert(std::string(1, static_cast<char>(b)));
    if (out.empty()) return fail();  // matches nothing: not worth reasoning about
    // A larger class would multiply a run past use, but still requires one of its bytes, which
    // is worth something when they are all rare punctuation (`["')\[\\]`), unlike digits.
    if (out.size() > kMaxClass) {
      bool rare = std::all_of(out.begin(), out.end(), [](const std::string& x) {
        return !is_alnum(static_cast<unsigned char>(x[0])) && has_anchor_byte(x);
      });
      return rare ? Info{std::nullopt, std::move(out)} : anything();
    }
    return exact_of(std::move(out));
  }

  // One member of a class: a byte value, or -1 for a set (\d, [:alpha:], ...). Sets failed_ on
  // anything not understood.
  int class_element() {
    if (next_is('[') && (next_is(':', 1) || next_is('.', 1) || next_is('=', 1))) {
      if (!next_is(':', 1)) {
        fail();
        return 0;
      }
      pos_ += 2;
      if (next_is('^')) ++pos_;
      size_t start = pos_;
      while (!at_end() && lower(p_[pos_]) >= 'a' && lower(p_[pos_]) <= 'z') ++pos_;
      if (pos_ == start || !next_is(':') || !next_is(']', 1)) {
        fail();
        return 0;
      }
      pos_ += 2;
      return -1;
    }
    unsigned char c = take();
    if (c != '\\') return c;
    if (at_end()) {
      fail();
      return 0;
    }
    c = take();
    switch (c) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
      case 's':
      case 'S':
      case 'h':
      case 'H':
      case 'v':
      case 'V':
        return -1;
      case 'b':
        return 0x08;  // backspace inside a class
      default:
        break;
    }
    int v = byte_escape(c);
    if (v < 0) fail();
    return v < 0 ? 0 : v;
  }

  // Whether an option group anywhere might turn on (?m), under which `^` also matches after a
  // newline: then `^` anchors nothing. Errs towards yes (an escaped `\(?m` counts).
  static bool sets_multiline(std::string_view p) {
    for (size_t at = p.find("(?"); at != std::string_view::npos; at = p.find("(?", at + 1)) {
      for (size_t j = at + 2;
           j < p.size() && std::string_view("imnsxJU-^").find(p[j]) != std::string_view::npos;
           ++j) {
        if (p[j] == 'm') return true;
      }
    }
    return false;
  }

  std::string_view p_;
  const bool multiline_;
  size_t pos_ = 0;
  bool quoting_ = false;
  bool failed_ = false;
};

}  // namespace

std::optional<std::vector<std::string>> required_literals(std::string_view pattern,
                                                          bool* or_at_start) {
  std::optional<Info> info = Parser(pattern).run();
  if (!info) return std::nullopt;
  std::optional<Set> req;
  if (const Set* r = requirement(*info)) req = *r;
  if (!req || !usable(*req) || req->size() > kMaxRequired) return std::nullopt;
  if (shortest(*req) < kMinRequiredLiteral && search_cost(*req) == kUnsearchable)
    return std::nullopt;
  bool at_start = req->erase(kAtStart) > 0;
  if (at_start && (or_at_start == nullptr || req->empty())) return std::nullopt;
  if (or_at_start != nullptr) *or_at_start = at_start;
  // A literal that contains another is redundant: finding the shorter one already passes.
  std::vector<std::string> out;
  for (const std::string& s : *req) {
    bool redundant = std::any_of(req->begin(), req->end(), [&](const std::string& t) {
      return t.size() < s.size() && s.find(t) != std::string::npos;
    });
    if (!redundant) out.push_back(s);
  }
  return out;
}

}  // namespace rampart
