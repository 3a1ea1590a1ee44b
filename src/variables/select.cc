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

void fields_of(const TransactionState& tx, const Target& t, std::vector<Field>& out) {
  if (!t.key.empty()) {
    if (t.compiled_key && t.var->lookup_compiled != nullptr) {
      t.var->lookup_compiled(tx, t.key, t.compiled_key.get(), out);
      return;
    }
    if (t.var->lookup != nullptr) {
      t.var->lookup(tx, t.key, out);
      return;
    }
    std::vector<Field> all;
    t.var->collect(tx, all);
    for (const Field& f : all)
      if (iequals(f.key, t.key)) out.push_back(f);
    return;
  }
  if (t.key_regex) {
    std::vector<Field> all;
    t.var->collect(tx, all);
    for (const Field& f : all)
      if (t.key_regex->matches(f.key, tx.scratch)) out.push_back(f);
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
  Target t;
  t.var = def;
  if (def->collection) t.key = std::string(key);
  std::vector<Field> fields;
  fields_of(tx, t, fields);
  if (fields.empty()) return std::nullopt;
  return std::string(fields.front().value);
}

}  // namespace rampart::variables
