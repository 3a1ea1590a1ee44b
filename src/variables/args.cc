// ARGS and friends: query-string arguments (ARGS_GET), urlencoded and multipart body arguments
// (ARGS_POST), and all of them with JSON body arguments (ARGS), their names, and ARGS_COMBINED_SIZE
// (sum of name and value lengths, as v2 counts it).
#include "engine/collection.h"
#include "variables/families.h"

namespace rampart::variables {

namespace {
void values(const std::vector<Param>& params, std::vector<Field>& out) {
  for (const Param& p : params) out.push_back(Field{p.name, p.value});
}
void names(const std::vector<Param>& params, std::vector<Field>& out) {
  for (const Param& p : params) out.push_back(Field{p.name, p.name});
}
}  // namespace

void args(const TransactionState& tx, std::vector<Field>& out) {
  values(tx.args_get, out);
  values(tx.args_post, out);
  values(tx.args_json, out);
}

void args_lookup(const TransactionState& tx, std::string_view key, std::vector<Field>& out) {
  tx.for_each_arg([&](const Param& p) {
    if (iequals(p.name, key)) out.push_back(Field{p.name, p.value});
  });
}

void args_get(const TransactionState& tx, std::vector<Field>& out) {
  values(tx.args_get, out);
}
void args_post(const TransactionState& tx, std::vector<Field>& out) {
  values(tx.args_post, out);
}

void args_names(const TransactionState& tx, std::vector<Field>& out) {
  names(tx.args_get, out);
  names(tx.args_post, out);
  names(tx.args_json, out);
}
void args_get_names(const TransactionState& tx, std::vector<Field>& out) {
  names(tx.args_get, out);
}
void args_post_names(const TransactionState& tx, std::vector<Field>& out) {
  names(tx.args_post, out);
}

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

void args_combined_size(const TransactionState& tx, std::vector<Field>& out) {
  size_t n = 0;
  tx.for_each_arg([&](const Param& p) { n += p.name.size() + p.value.size(); });
  out.push_back(Field{{}, tx.keep(std::to_string(n))});
}

}  // namespace rampart::variables
