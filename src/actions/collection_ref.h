// `COLLECTION.name` as written in setvar, expirevar and deprecatevar: which collection, and the
// variable name (macros allowed, expanded when the action runs).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/macro.h"

namespace rampart {
struct TransactionState;
namespace collections {
class LoadedCollection;
}
}  // namespace rampart

namespace rampart::actions {

// The collections initcol/setsid/setuid make, kept between requests.
bool is_persistent_collection(std::string_view name);
// SESSION and USER records are scoped by SecWebAppId, as v2's `<webappid>_SESSION`.
bool is_app_scoped_collection(std::string_view name);

struct CollectionRef {
  std::string collection;  // upper case: "TX", "IP", …
  MacroString name;
  bool is_tx() const { return collection == "TX"; }
};

// Nothing on success; otherwise an error naming `action` that says what is expected.
std::optional<std::string> parse_collection_ref(std::string_view action, std::string_view target,
                                                CollectionRef& out);

// The initialised persistent collection `ref` names, or null after a v2-style debug message
// (level 3) saying the collection was never initialised. `verb`: "set", "expire", "deprecate".
collections::LoadedCollection* resolve(TransactionState& tx, const CollectionRef& ref,
                                       std::string_view name, std::string_view verb);

}  // namespace rampart::actions
