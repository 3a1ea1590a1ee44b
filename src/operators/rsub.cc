// @rsub: regular-expression substitution in STREAM_INPUT_BODY or STREAM_OUTPUT_BODY (enabled by
// SecStreamInBodyInspection / SecStreamOutBodyInspection). The rewritten text replaces the body
// the backend or the client receives.
// Parameter: s/regex/replacement/[flags], as in ModSecurity v2. Any character after `s` is the
// delimiter; `\/` (or a backslash before the delimiter) stands for it literally. Both parts
// expand macros (%{tx.token}); \1 … \9 in the replacement insert the match's groups. Flags:
// i (case-insensitive), d (escape regex characters in the pattern's macro-expanded text).
// Every non-overlapping match is replaced; the rule matches when at least one was.
// Example: SecRule STREAM_OUTPUT_BODY "@rsub s/<\/form>/<input type=\"hidden\" name=\"t\"
//          value=\"%{tx.token}\"><\/form>/" "id:1,phase:4,t:none,pass,nolog"
// Message: Operator rsub succeeded.
#include <memory>

#include "engine/collection.h"
#include "engine/macro.h"
#include "engine/regex.h"
#include "operators/all.h"
#include "operators/regex_error.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

constexpr char kFormat[] = "@rsub takes s/regex/replacement/[flags], e.g. @rsub s/foo/bar/i";

// A body may grow by this much; a replacement that would grow it further (a short pattern
// matching everywhere, a huge macro) leaves the body unchanged instead of exhausting memory.
constexpr size_t kMaxGrowth = size_t{1} << 20;

struct Parts {
  std::string pattern, replacement, flags;
};

// Reads up to the next unescaped delimiter; a backslash before the delimiter is dropped.
bool read_part(std::string_view& rest, char delim, std::string& out) {
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '\\' && i + 1 < rest.size() && (rest[i + 1] == delim || rest[i + 1] == '/')) {
      out += rest[++i];
    } else if (rest[i] == delim) {
      rest.remove_prefix(i + 1);
      return true;
    } else {
      out += rest[i];
    }
  }
  return false;
}

bool split(std::string_view param, Parts& parts) {
  if (param.size() < 2 || (param[0] != 's' && param[0] != 'S')) return false;
  char delim = param[1];
  std::string_view rest = param.substr(2);
  if (!read_part(rest, delim, parts.pattern) || !read_part(rest, delim, parts.replacement))
    return false;
  parts.flags = std::string(rest);
  return true;
}

// The replacement with \1 … \9 taken from the last match on `subject`.
void append_replacement(std::string& out, std::string_view replacement, std::string_view subject,
                        const RegexScratch& scratch, int pairs) {
  for (size_t i = 0; i < replacement.size(); ++i) {
    char c = replacement[i];
    if (c == '\\' && i + 1 < replacement.size() && replacement[i + 1] >= '1' &&
        replacement[i + 1] <= '9') {
      int group = replacement[++i] - '0';
      if (group < pairs) out.append(Regex::group(subject, scratch, group));
    } else {
      out += c;
    }
  }
}

bool is_stream_variable(std::string_view name) {
  return iequals(name, "STREAM_OUTPUT_BODY") || iequals(name, "STREAM_INPUT_BODY");
}

class Rsub final : public Operator {
 public:
  Rsub(std::unique_ptr<Regex> re, MacroString pattern, MacroString replacement, uint32_t flags,
       bool escape)
      : re_(std::move(re)),
        pattern_(std::move(pattern)),
        replacement_(std::move(replacement)),
        flags_(flags),
        escape_(escape) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    // v2 applies it to the STREAM_* variables only; elsewhere the rule does not match.
    if (!is_stream_variable(st.var_name()) || st.tx == nullptr) return false;
    const Regex* re = re_.get();
    std::unique_ptr<Regex> per_call;
    if (re == nullptr) {
      std::string text = pattern_.expand(*st.tx);
      if (text.empty()) return false;
      std::string error;
      per_call = Regex::compile(escape_ ? log_escape_re(text) : text, flags_, error);
      if (per_call == nullptr) return false;  // as v2: a bad expanded pattern never matches
      re = per_call.get();
    }
    std::string replacement =
        replacement_.has_macros() ? replacement_.expand(*st.tx) : replacement_.text();
    std::string out;
    size_t pos = 0, count = 0;
    while (pos <= value.size()) {
      // Each search starts a new subject at `pos`, as v2's loop does (so ^ matches there too).
      std::string_view rest = value.substr(pos);
      int pairs = re->match(rest, *st.scratch);
      if (pairs < 0) {
        st.limit_exceeded = true;
        return false;
      }
      if (pairs == 0) break;
      std::string_view whole = Regex::group(rest, *st.scratch, 0);
      size_t start = pos + static_cast<size_t>(whole.data() - rest.data());
      out.append(value.substr(pos, start - pos));
      append_replacement(out, replacement, rest, *st.scratch, pairs);
      ++count;
      pos = start + whole.size();
      if (whole.empty()) {  // an empty match: step over one byte so the loop ends
        if (pos < value.size()) out += value[pos];
        ++pos;
      }
      if (out.size() > value.size() + kMaxGrowth) return false;
    }
    if (count == 0) return false;
    if (pos < value.size()) out.append(value.substr(pos));
    st.rewritten = std::move(out);
    st.message = "Operator rsub succeeded.";
    return true;
  }

 private:
  std::unique_ptr<Regex> re_;  // null when the pattern has macros: compiled per evaluation
  MacroString pattern_, replacement_;
  uint32_t flags_;
  bool escape_;
};

}  // namespace

std::unique_ptr<Operator> make_rsub(const OperatorArgs& args, std::string& error) {
  Parts parts;
  if (!split(args.param, parts) || parts.pattern.empty()) {
    error = kFormat;
    return nullptr;
  }
  uint32_t flags = 0;
  bool escape = false;
  for (char f : parts.flags) {
    if (f == 'i' || f == 'I') {
      flags |= Regex::kCaseless;
    } else if (f == 'd' || f == 'D') {
      escape = true;
    } else {
      error = std::string("@rsub: unknown flag '") + f + "' (only i and d are supported)";
      return nullptr;
    }
  }
  MacroString pattern(parts.pattern);
  std::unique_ptr<Regex> re;
  if (!pattern.has_macros()) {
    std::string regex_error;
    re = Regex::compile(parts.pattern, flags, regex_error);
    if (re == nullptr) {
      error = "@rsub: " + regex_compile_error(regex_error);
      return nullptr;
    }
  }
  return std::make_unique<Rsub>(std::move(re), std::move(pattern), MacroString(parts.replacement),
                                flags, escape);
}

}  // namespace rampart::operators
