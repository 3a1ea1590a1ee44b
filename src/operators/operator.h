// Operators (@rx, @pm, @eq, …). Each one lives in its own file and has one row in registry.cc.
// An operator is built once at config time from its parameter and is then immutable and shared by
// all threads; per-request state arrives through MatchState.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rampart {
class ByteMask;
class CompileCache;
class RegexScratch;
struct TransactionState;
namespace variables {
struct Selected;
}
}  // namespace rampart

namespace rampart::operators {

// What the engine hands an operator for one evaluation, and what it gets back.
struct MatchState {
  // in
  // The target as logged, e.g. "ARGS:foo" or "REQUEST_URI". Built on first use: most
  // evaluations do not match and never need it.
  std::string_view var_name() const;
  void set_var_name(std::string_view name) { name_ = name; }
  void set_var_name(const variables::Selected& selected, std::string& buffer) {
    name_ = {};
    selected_ = &selected;
    name_buffer_ = &buffer;
  }
  // Readies the state for the next value under test (the engine reuses one per rule): its name
  // and bytes in, nothing out.
  void start(const variables::Selected& selected, std::string& name_buffer, const ByteMask* bytes) {
    set_var_name(selected, name_buffer);
    value_bytes = bytes;
    message.clear();
    captures.clear();
    rewritten.reset();
    limit_exceeded = false;
  }
  bool capture = false;  // the rule has the `capture` action
  // False when nothing will read `message` (a chain link before the last, a rule that neither
  // logs nor disrupts): the common operators then skip building it.
  bool want_message = true;
  RegexScratch* scratch = nullptr;  // per-transaction PCRE2 state; never null during evaluation
  const TransactionState* tx = nullptr;  // for operators that expand macros themselves (@rsub)
  // The bytes the value holds, when the engine has them at hand (see wants_value_bytes); else
  // null.
  const ByteMask* value_bytes = nullptr;
  // out, written only on a match
  std::string message;  // ModSecurity v2 rule message, e.g. `Pattern match "x" at ARGS:a.`
  std::vector<std::string> captures;  // with `capture`: index i becomes TX.i (0..9)
  // @rsub: the new text of the STREAM_* variable it matched; the engine stores it after the
  // rule's actions ran (engine/stream_rewrite.h).
  std::optional<std::string> rewritten;
  // out, written when a resource limit stopped the evaluation (PCRE2 match limit …)
  bool limit_exceeded = false;

 private:
  mutable std::string_view name_;
  const variables::Selected* selected_ = nullptr;
  std::string* name_buffer_ = nullptr;
};

class Operator {
 public:
  virtual ~Operator() = default;
  // True when the operator matches `value` (the engine applies `!` negation itself).
  // `param` is the parameter after macro expansion; operators whose parameter has no macros can
  // ignore it and use what they compiled at config time.
  virtual bool match(std::string_view value, std::string_view param, MatchState& st) const = 0;
  // True when MatchState::value_bytes would spare work: the engine then asks the transformation
  // cache for them.
  virtual bool wants_value_bytes() const { return false; }
};

struct OperatorArgs {
  std::string_view param;         // the parameter as written (macros not expanded)
  bool param_has_macros = false;  // true when `param` contains %{...}: expand-and-build per call
  std::string_view base_dir;      // directory of the rule's file, for @pmFromFile and friends
  CompileCache* cache = nullptr;  // where @rx and @pm keep what they compile; may be null
};

// Builds an operator, or returns nullptr and sets `error` to a message that says what is wrong
// and how to fix it (the caller adds file:line).
using OperatorFactory = std::unique_ptr<Operator> (*)(const OperatorArgs& args, std::string& error);

struct OperatorDef {
  std::string_view name;  // without '@', e.g. "rx", "pmFromFile"
  OperatorFactory make;
  // True when the answer depends on the value and the parameter alone (no side effect besides
  // what a match writes, nothing read from the transaction, the disk or the network): the
  // evaluator may then answer an equal value again without asking (engine/value_memo.h).
  bool value_only = false;
};

// Looks an operator up by name (case-insensitive), nullptr when unknown.
const OperatorDef* find(std::string_view name);
std::span<const OperatorDef> all();

}  // namespace rampart::operators
