// setvar: creates, changes or deletes a variable in a collection (TX for now).
//   setvar:tx.score=5        set          setvar:tx.score=+%{tx.critical_anomaly_score}  add
//   setvar:tx.score=-1       subtract     setvar:!tx.score                               delete
//   setvar:tx.flag           set to "1"
// Names and values may contain macros, expanded when the action runs. Arithmetic reads both
// sides as integers the way C's atoi does (non-numeric text counts as 0), as ModSecurity v2 does.
#include <memory>

#include "actions/builtin.h"
#include "engine/collection.h"
#include "engine/numbers.h"
#include "engine/transaction_state.h"

namespace rampart::actions {

namespace {

enum class Op { kSet, kAdd, kSubtract, kDelete };

class SetVar final : public Action {
 public:
  SetVar(Op op, MacroString name, MacroString value)
      : op_(op), name_(std::move(name)), value_(std::move(value)) {}

  void execute(TransactionState& tx, const Rule&) const override {
    std::string name = name_.expand(tx);
    if (name.empty()) return;
    if (op_ == Op::kDelete) {
      tx.tx.erase(name);
      return;
    }
    std::string value = value_.expand(tx);
    if (op_ == Op::kSet) {
      tx.tx.set(name, value);
      return;
    }
    const std::string* current = tx.tx.get(name);
    long long base = current ? parse_integer(*current) : 0;
    long long delta = parse_integer(value);
    tx.tx.set(name, std::to_string(op_ == Op::kAdd ? base + delta : base - delta));
  }

 private:
  Op op_;
  MacroString name_;
  MacroString value_;
};

}  // namespace

std::optional<std::string> parse_setvar(ParseContext& ctx, std::string_view v) {
  Op op = Op::kSet;
  if (!v.empty() && v[0] == '!') {
    op = Op::kDelete;
    v.remove_prefix(1);
  }
  std::string_view target = v, value = "1";
  if (size_t eq = v.find('='); eq != std::string_view::npos) {
    if (op == Op::kDelete) return "setvar:!name deletes a variable and takes no value";
    target = v.substr(0, eq);
    value = v.substr(eq + 1);
    if (!value.empty() && (value[0] == '+' || value[0] == '-')) {
      op = value[0] == '+' ? Op::kAdd : Op::kSubtract;
      value.remove_prefix(1);
    }
  }
  size_t dot = target.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == target.size())
    return "setvar needs COLLECTION.name, e.g. setvar:tx.score=+1; got '" + std::string(v) + "'";
  std::string_view collection = target.substr(0, dot);
  if (!iequals(collection, "tx")) {
    return "setvar on collection '" + std::string(collection) +
           "': only TX is available (persistent collections IP, SESSION, USER, GLOBAL and "
           "RESOURCE are not supported yet, see docs/unsupported.md)";
  }
  ctx.set.actions.push_back(std::make_shared<SetVar>(op, MacroString(target.substr(dot + 1)),
                                                     MacroString(value)));
  return std::nullopt;
}

}  // namespace rampart::actions
