// Variables (ARGS, REQUEST_HEADERS, TX, …). Each family lives in its own file; every name has one
// row in registry.cc. A variable yields fields (key/value views); a scalar yields one field with an
// empty key. Selection (VAR:key, VAR:/regex/), exclusion (!VAR:key) and counting (&VAR) are done
// by the engine on top of what a variable yields, so a variable only has to list its fields.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rampart {
struct TransactionState;
}

namespace rampart::variables {

struct Field {
  std::string_view key;    // empty for scalars
  std::string_view value;  // must stay valid until the rule finishes (transaction storage)
};

// Appends every field of the variable for this transaction.
using CollectFn = void (*)(const TransactionState& tx, std::vector<Field>& out);
// Appends the fields whose key equals `key` (case-insensitive). Optional: a fast path for large
// collections; when null the engine filters collect().
using LookupFn = void (*)(const TransactionState& tx, std::string_view key,
                          std::vector<Field>& out);

struct VariableDef {
  std::string_view name;  // upper case, as logged: "ARGS", "REQUEST_URI"
  bool collection;        // true: fields are logged as NAME:key and take selectors
  CollectFn collect;
  LookupFn lookup = nullptr;
  bool key_is_name = false;  // fields are logged by their key alone (MATCHED_VARS: "ARGS:a")
};

const VariableDef* find(std::string_view name);  // case-insensitive, nullptr when unknown
std::span<const VariableDef> all();

}  // namespace rampart::variables
