// Variables (ARGS, REQUEST_HEADERS, TX, …). Each family lives in its own file; every name has one
// row in registry.cc. A variable yields fields (key/value views); a scalar yields one field with an
// empty key. Selection (VAR:key, VAR:/regex/), exclusion (!VAR:key) and counting (&VAR) are done
// by the engine on top of what a variable yields, so a variable only has to list its fields.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rampart {
struct TransactionState;
struct Param;
}  // namespace rampart

namespace rampart::variables {

struct Field {
  std::string_view key;    // empty for scalars
  std::string_view value;  // must stay valid until the rule finishes (transaction storage)
};

// The arguments a variable of the ARGS family lists, straight from the transaction: selection
// takes their names, values and kept hashes (Param) without going through Fields, which for a
// JSON body's hundreds of arguments and every rule that reads them was a copy too many.
struct ParamLists {
  const std::vector<Param>* lists[3] = {};
  bool names = false;  // the variable's values are the names (ARGS_NAMES)
};
using ParamsFn = ParamLists (*)(const TransactionState& tx);

// Appends every field of the variable for this transaction.
using CollectFn = void (*)(const TransactionState& tx, std::vector<Field>& out);
// Appends the fields whose key equals `key` (case-insensitive). Optional: a fast path for large
// collections; when null the engine filters collect().
using LookupFn = void (*)(const TransactionState& tx, std::string_view key,
                          std::vector<Field>& out);

// Optional, for keys that are programs (XML's XPath): compiles a literal `VAR:key` once, when
// the rule is parsed; null with `error` set when the key is unusable (a config error).
using CompileKeyFn = std::shared_ptr<const void> (*)(std::string_view key, std::string& error);
// Looks the key up with what compile_key made of it.
using CompiledLookupFn = void (*)(const TransactionState& tx, std::string_view key,
                                  const void* compiled, std::vector<Field>& out);

struct VariableDef {
  std::string_view name;  // upper case, as logged: "ARGS", "REQUEST_URI"
  bool collection;        // true: fields are logged as NAME:key and take selectors
  CollectFn collect;
  LookupFn lookup = nullptr;
  bool key_is_name = false;  // fields are logged by their key alone (MATCHED_VARS: "ARGS:a")
  CompileKeyFn compile_key = nullptr;
  CompiledLookupFn lookup_compiled = nullptr;  // used when the target's key was compiled
  // Optional: collect() without copying, views that the rule's own actions may invalidate
  // (setvar on TX). For a `/regex/` selector, which keeps (copies) only the fields it selects.
  CollectFn collect_views = nullptr;
  // Optional, for the ARGS family: the lists collect() copies from (ParamLists).
  ParamsFn params = nullptr;
};

const VariableDef* find(std::string_view name);  // case-insensitive, nullptr when unknown
std::span<const VariableDef> all();

}  // namespace rampart::variables
