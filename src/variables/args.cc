// ARGS and friends: query-string arguments (ARGS_GET), urlencoded and multipart body arguments
// (ARGS_POST), and all of them with JSON body arguments (ARGS), their names, and ARGS_COMBINED_SIZE
// (sum of name and value lengths, as v2 counts it).
#include "engine/collection.h"
#include "variables/families.h"

namespace rampart::variables {

// Which argument lists each variable lists is said once, in its ParamLists: selection reads
// them directly (select.cc), and collect() copies them into Fields for counting, `/regex/`
// keys and macros.
ParamLists args_params(const TransactionState& tx) {
  return {{&tx.args_get, &tx.args_post, &tx.args_json}, false};
}
ParamLists args_get_params(const TransactionState& tx) {
  return {{&tx.args_get}, false};
}
ParamLists args_post_params(const TransactionState& tx) {
  return {{&tx.args_post}, false};
}
ParamLists args_names_params(const TransactionState& tx) {
  return {{&tx.args_get, &tx.args_post, &tx.args_json}, true};
}
ParamLists args_get_names_params(const TransactionState& tx) {
  return {{&tx.args_get}, true};
}
ParamLists args_post_names_params(const TransactionState& tx) {
  return {{&tx.args_post}, true};
}

namespace {
void fields(const ParamLists& from, std::vector<Field>& out) {
  for (const std::vector<Param>* list : from.lists) {
    if (list == nullptr) continue;
    for (const Param& p : *list) out.push_back(Field{p.name, from.names ? p.name : p.value});
  }
}
}  // namespace

void args(const TransactionState& tx, std::vector<Field>& out) {
  fields(args_params(tx), out);
}
void args_get(const TransactionState& tx, std::vector<Field>& out) {
  fields(args_get_params(tx), out);
}
void args_post(const TransactionState& tx, std::vector<Field>& out) {
  fields(args_post_params(tx), out);
}
void args_names(const TransactionState& tx, std::vector<Field>& out) {
  fields(args_names_params(tx), out);
}
void args_get_names(const TransactionState& tx, std::vector<Field>& out) {
  fields(args_get_names_params(tx), out);
}
void args_post_names(const TransactionState& tx, std::vector<Field>& out) {
  fields(args_post_names_params(tx), out);
}

void args_lookup(const TransactionState& tx, std::string_view key, std::vector<Field>& out) {
  tx.for_each_arg([&](const Param& p) {
    if (iequals(p.name, key)) out.push_back(Field{p.name, p.value});
  });
}

void args_combined_size(const TransactionState& tx, std::vector<Field>& out) {
  size_t n = 0;
  tx.for_each_arg([&](const Param& p) { n += p.name.size() + p.value.size(); });
  out.push_back(Field{{}, tx.keep(std::to_string(n))});
}

}  // namespace rampart::variables
