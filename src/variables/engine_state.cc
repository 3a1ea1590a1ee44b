// Variables the engine itself maintains: TX, the MATCHED_* family, HIGHEST_SEVERITY and ENV.
#include <memory>
#include <string>

#include "variables/families.h"

namespace rampart::variables {

// TX values can change while a rule runs (setvar), so fields get stable copies.
void tx_collection(const TransactionState& tx, std::vector<Field>& out) {
  for (const auto& e : tx.tx.entries()) out.push_back(Field{tx.keep(e.name), tx.keep(e.value)});
}
void tx_collection_views(const TransactionState& tx, std::vector<Field>& out) {
  for (const auto& e : tx.tx.entries()) out.push_back(Field{e.name, e.value});
}
void tx_lookup(const TransactionState& tx, std::string_view key, std::vector<Field>& out) {
  if (const Collection::Entry* e = tx.tx.entry(key))
    out.push_back(Field{tx.keep(e->name), tx.keep(e->value)});
}

// TX:name in a rule: the name's hash is computed once, when the rule is parsed (CRS reads TX
// from most of its rules), and so is its lower-case form. CRS writes `TX:DETECTION_PARANOIA_LEVEL`
// in its rules and `setvar:tx.detection_paranoia_level` in its setup: compared with the stored
// lower-case name, the folded key is equal word by word, and iequals folds nothing.
struct CompiledTxKey {
  uint32_t hash;
  std::string folded;
};

std::shared_ptr<const void> tx_compile(std::string_view key, std::string&) {
  return std::make_shared<const CompiledTxKey>(CompiledTxKey{Collection::hash(key), to_lower(key)});
}

void tx_lookup_compiled(const TransactionState& tx, std::string_view, const void* compiled,
                        std::vector<Field>& out) {
  const auto& key = *static_cast<const CompiledTxKey*>(compiled);
  if (const Collection::Entry* e = tx.tx.entry(key.folded, key.hash))
    out.push_back(Field{tx.keep(e->name), tx.keep(e->value)});
}

void matched_var(const TransactionState& tx, std::vector<Field>& out) {
  out.push_back(Field{{}, tx.keep(tx.matched_var)});
}
void matched_var_name(const TransactionState& tx, std::vector<Field>& out) {
  out.push_back(Field{{}, tx.keep(tx.matched_var_name)});
}
void matched_vars(const TransactionState& tx, std::vector<Field>& out) {
  for (const auto& [name, value] : tx.matched_vars)
    out.push_back(Field{tx.keep(name), tx.keep(value)});
}
void matched_vars_names(const TransactionState& tx, std::vector<Field>& out) {
  for (const auto& entry : tx.matched_vars) {
    std::string_view name = tx.keep(entry.first);
    out.push_back(Field{name, name});
  }
}

void highest_severity(const TransactionState& tx, std::vector<Field>& out) {
  out.push_back(Field{{}, tx.keep(std::to_string(tx.highest_severity))});
}

void env(const TransactionState& tx, std::vector<Field>& out) {
  for (const Param& p : tx.env) out.push_back(Field{p.name, p.value});
}

}  // namespace rampart::variables
