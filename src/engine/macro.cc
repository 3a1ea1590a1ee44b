#include "engine/macro.h"

#include "actions/builtin.h"
#include "engine/collection.h"
#include "engine/rule.h"
#include "engine/transaction_state.h"
#include "variables/select.h"

namespace rampart {

MacroString::MacroString(std::string_view text) : text_(text) {
  size_t i = 0;
  std::string literal;
  while (i < text.size()) {
    size_t open = text.find("%{", i);
    size_t close = open == std::string_view::npos ? open : text.find('}', open + 2);
    if (open == std::string_view::npos || close == std::string_view::npos) {
      literal.append(text.substr(i));
      break;
    }
    literal.append(text.substr(i, open - i));
    if (!literal.empty()) segments_.push_back(Segment{std::move(literal), "", ""});
    literal.clear();
    std::string_view ref = text.substr(open + 2, close - open - 2);
    size_t dot = ref.find('.');
    Segment seg;
    seg.collection = to_upper(ref.substr(0, dot));
    if (dot != std::string_view::npos) seg.key = std::string(ref.substr(dot + 1));
    seg.var = variables::find(seg.collection);
    seg.tx_key = seg.collection == "TX" && !seg.key.empty();
    if (seg.tx_key) seg.tx_hash = Collection::hash(seg.key);
    segments_.push_back(std::move(seg));
    has_macros_ = true;
    i = close + 1;
  }
  if (!literal.empty()) segments_.push_back(Segment{std::move(literal), "", ""});
}

namespace {

// %{RULE.x}: the metadata of the rule being evaluated (its chain starter's, for links).
void expand_rule_field(const TransactionState& tx, std::string_view key, std::string& out) {
  if (tx.current_starter == nullptr) return;
  const Rule& r = *tx.current_starter;
  const ActionSet& a = r.actions;
  if (iequals(key, "id")) {
    out += r.id;
  } else if (iequals(key, "rev")) {
    out += a.rev;
  } else if (iequals(key, "ver")) {
    out += a.ver;
  } else if (iequals(key, "severity")) {
    if (a.severity) out += std::to_string(*a.severity);
  } else if (iequals(key, "maturity")) {
    if (a.maturity) out += std::to_string(*a.maturity);
  } else if (iequals(key, "accuracy")) {
    if (a.accuracy) out += std::to_string(*a.accuracy);
  } else if (iequals(key, "phase")) {
    out += std::to_string(r.phase);
  } else if (iequals(key, "msg")) {
    if (a.msg) out += a.msg->text();  // unexpanded, so a msg may not recurse into itself
  } else if (iequals(key, "logdata")) {
    if (a.logdata) out += a.logdata->text();
  } else if (iequals(key, "tag")) {
    if (!a.tags.empty()) out += a.tags.front();
  }
}

}  // namespace

void MacroString::expand(const TransactionState& tx, std::string& out) const {
  for (const Segment& s : segments_) {
    if (s.collection.empty()) {
      out += s.literal;
      continue;
    }
    if (s.collection == "RULE") {
      expand_rule_field(tx, s.key, out);
      continue;
    }
    if (s.tx_key) {
      if (const Collection::Entry* e = tx.tx.entry(s.key, s.tx_hash)) out += e->value;
    } else if (s.var != nullptr) {
      variables::append_first_value(tx, *s.var, s.key, out);
    }
  }
}

}  // namespace rampart
