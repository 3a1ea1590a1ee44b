// setvar: creates, changes or deletes a variable in TX or in an initialised persistent
// collection (IP, GLOBAL, RESOURCE, SESSION, USER).
//   setvar:tx.score=5        set          setvar:tx.score=+%{tx.critical_anomaly_score}  add
//   setvar:ip.counter=-1     subtract     setvar:!ip.block                               delete
//   setvar:tx.flag           set to "1"
// Names and values may contain macros, expanded when the action runs. Arithmetic reads both
// sides as integers the way C's atoi does (non-numeric text counts as 0), as ModSecurity v2 does.
// On a persistent collection, + and - are written back as deltas, so concurrent requests add up;
// one that was never initialised is skipped with a debug message (level 3), as in v2.
#include <memory>

#include "actions/builtin.h"
#include "actions/collection_ref.h"
#include "collections/transaction_collections.h"
#include "engine/collection.h"
#include "engine/numbers.h"
#include "engine/transaction_state.h"
#include "log/verdict.h"

namespace rampart::actions {

namespace {

enum class Op { kSet, kAdd, kSubtract, kDelete };

class SetVar final : public Action {
 public:
  SetVar(Op op, CollectionRef ref, MacroString value)
      : op_(op),
        ref_(std::move(ref)),
        value_(std::move(value)),
        tx_(ref_.is_tx()),
        fixed_hash_(Collection::hash(ref_.name.text())),
        fixed_score_(log::is_anomaly_score(ref_.name.text())) {}

  void execute(TransactionState& tx, const Rule&) const override {
    std::string name_buffer;  // setvar runs for most CRS rules that match: no copy of a fixed name
    std::string_view name = ref_.name.view(tx, name_buffer);
    if (name.empty()) return;
    if (tx_) {
      if (ref_.name.has_macros()) {
        set_tx(tx, name, Collection::hash(name), log::is_anomaly_score(name));
      } else {
        set_tx(tx, name, fixed_hash_, fixed_score_);
      }
      return;
    }
    collections::LoadedCollection* c = resolve(tx, ref_, name, "set");
    if (c == nullptr) return;
    if (op_ == Op::kDelete) {
      c->erase(name);
    } else if (op_ == Op::kSet) {
      std::string buffer;
      c->set(name, value_.view(tx, buffer));
    } else {
      std::string buffer;
      long long delta = parse_integer(value_.view(tx, buffer));
      c->add(name, op_ == Op::kAdd ? delta : -delta);
    }
  }

 private:
  // `score`: the name is an anomaly score's; the "why blocked" record wants the points each
  // match adds to one (log/verdict.h).
  void set_tx(TransactionState& tx, std::string_view name, uint32_t hash, bool score) const {
    const Collection::Entry* current = tx.tx.entry(name, hash);
    int64_t before = score ? log::score_value(current ? &current->value : nullptr) : 0;
    if (op_ == Op::kDelete) {
      tx.tx.erase(name);
      if (score) tx.rule_points -= before;
      return;
    }
    std::string buffer;
    std::string_view value = value_.view(tx, buffer);
    const std::string* stored = nullptr;
    if (op_ == Op::kSet) {
      stored = &tx.tx.set(name, hash, value);
    } else {
      long long base = current ? parse_integer(current->value) : 0;
      long long delta = parse_integer(value);
      stored =
          &tx.tx.set(name, hash, std::to_string(op_ == Op::kAdd ? base + delta : base - delta));
    }
    if (score) tx.rule_points += log::score_value(stored) - before;
  }

 private:
  Op op_;
  CollectionRef ref_;
  MacroString value_;
  bool tx_;
  uint32_t fixed_hash_;  // of the name, when it has no macros
  bool fixed_score_;     // likewise: the name is an anomaly score's (log::is_anomaly_score)
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
  CollectionRef ref;
  if (auto err = parse_collection_ref("setvar", target, ref)) return err;
  ctx.set.actions.push_back(std::make_shared<SetVar>(op, std::move(ref), MacroString(value)));
  return std::nullopt;
}

}  // namespace rampart::actions
