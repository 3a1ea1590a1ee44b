#include "variables/select.h"

#include "engine/collection.h"
#include "engine/transaction_state.h"

namespace rampart::variables {

std::string Selected::name() const {
  if (var->key_is_name) return std::string(key);
  if (!var->collection || key.empty()) return std::string(var->name);
  std::string n;
  n.reserve(var->name.size() + 1 + key.size());
  n.append(var->name).append(":").append(key);
  return n;
}

std::string_view Selected::name(std::string& buf) const {
  if (var->key_is_name) return key;
  if (!var->collection || key.empty()) return var->name;
  buf.assign(var->name).append(":").append(key);
  return buf;
}

namespace {

// The fields whose key is `key` (case-insensitive): the variable's lookup, or its fields filtered.
void fields_with_key(const TransactionState& tx, const VariableDef& def, std::string_view key,
                     std::vector<Field>& out) {
  if (def.lookup != nullptr) {
    def.lookup(tx, key, out);
    return;
  }
  std::vector<Field> all;
  def.collect(tx, all);
  for (const Field& f : all)
    if (iequals(f.key, key)) out.push_back(f);
}

void fields_of(const TransactionState& tx, const Target& t, std::vector<Field>& out) {
  if (!t.key.empty()) {
    if (t.compiled_key && t.var->lookup_compiled != nullptr) {
      t.var->lookup_compiled(tx, t.key, t.compiled_key.get(), out);
      return;
    }
    fields_with_key(tx, *t.var, t.key, out);
    return;
  }
  if (t.key_regex) {
    // From views, only the selected fields are copied: CRS's TX:/^header_name_920450_/ keeps
    // one of about a hundred.
    const bool views = t.var->collect_views != nullptr;
    std::vector<Field> all;
    (views ? t.var->collect_views : t.var->collect)(tx, all);
    for (const Field& f : all) {
      if (!t.key_regex->matches(f.key, tx.scratch)) continue;
      out.push_back(views ? Field{tx.keep(f.key), tx.keep(f.value)} : f);
    }
    return;
  }
  t.var->collect(tx, out);
}

bool excluded(const TransactionState& tx, const std::vector<Target>& targets, const Target& t,
              std::string_view key) {
  for (const Target& x : targets) {
    if (!x.exclude || x.var != t.var) continue;
    if (!x.key.empty() && iequals(x.key, key)) return true;
    if (x.key_regex && x.key_regex->matches(key, tx.scratch)) return true;
  }
  return false;
}

}  // namespace

void select(const TransactionState& tx, const std::vector<Target>& targets,
            std::vector<Selected>& out) {
  // The pool keeps its capacity from rule to rule; a nested selection (a macro in a lookup)
  // finds it empty and grows its own.
  std::vector<Field> fields = std::move(tx.field_pool);
  bool any_exclusion = false;
  for (const Target& t : targets) any_exclusion |= t.exclude;
  for (const Target& t : targets) {
    if (t.exclude) continue;
    // The whole ARGS family straight from its Params, with the hashes they keep.
    if (t.var->params != nullptr && t.key.empty() && !t.key_regex && !t.count) {
      ParamLists from = t.var->params(tx);
      bool check = any_exclusion;
      for (const std::vector<Param>* list : from.lists) {
        if (list == nullptr) continue;
        for (const Param& p : *list) {
          if (check && excluded(tx, targets, t, p.name)) continue;
          std::string_view value = from.names ? p.name : p.value;
          out.push_back(Selected{t.var, p.name, value, from.names ? p.name_hash : p.value_hash});
        }
      }
      continue;
    }
    fields.clear();
    fields_of(tx, t, fields);
    bool check = any_exclusion && t.var->collection;
    if (t.count) {
      size_t n = 0;
      for (const Field& f : fields)
        if (!check || !excluded(tx, targets, t, f.key)) ++n;
      out.push_back(Selected{t.var, t.key, tx.keep(std::to_string(n))});
      continue;
    }
    for (const Field& f : fields) {
      if (check && excluded(tx, targets, t, f.key)) continue;
      out.push_back(Selected{t.var, f.key, f.value});
    }
  }
  fields.clear();
  tx.field_pool = std::move(fields);
}

std::optional<std::string> first_value(const TransactionState& tx, std::string_view var,
                                       std::string_view key) {
  const VariableDef* def = find(var);
  if (def == nullptr) return std::nullopt;
  std::string out;
  if (!append_first_value(tx, *def, key, out)) return std::nullopt;
  return out;
}

bool append_first_value(const TransactionState& tx, const VariableDef& var, std::string_view key,
                        std::string& out) {
  // Macros expand inside actions, after select() has given the pool back; a macro in a lookup
  // finds it empty and uses its own.
  std::vector<Field> fields = std::move(tx.field_pool);
  fields.clear();
  if (var.collection && !key.empty()) {
    fields_with_key(tx, var, key, fields);
  } else {  // a scalar ignores the key
    var.collect(tx, fields);
  }
  bool found = !fields.empty();
  if (found) out += fields.front().value;
  fields.clear();
  tx.field_pool = std::move(fields);
  return found;
}

}  // namespace rampart::variables
