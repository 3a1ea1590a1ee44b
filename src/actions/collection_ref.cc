#include "actions/collection_ref.h"

#include "collections/transaction_collections.h"
#include "engine/collection.h"
#include "engine/transaction_state.h"

namespace rampart::actions {

bool is_persistent_collection(std::string_view name) {
  for (std::string_view c : {"IP", "GLOBAL", "RESOURCE", "SESSION", "USER"})
    if (iequals(c, name)) return true;
  return false;
}

bool is_app_scoped_collection(std::string_view name) {
  return iequals(name, "SESSION") || iequals(name, "USER");
}

std::optional<std::string> parse_collection_ref(std::string_view action, std::string_view target,
                                                CollectionRef& out) {
  size_t dot = target.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == target.size())
    return std::string(action) + " needs COLLECTION.name, e.g. " + std::string(action) +
           ":ip.counter...; got '" + std::string(target) + "'";
  std::string_view collection = target.substr(0, dot);
  if (!iequals(collection, "TX") && !is_persistent_collection(collection))
    return std::string(action) + " on unknown collection '" + std::string(collection) +
           "': use TX or one of IP, GLOBAL, RESOURCE, SESSION, USER (see "
           "docs/reference/actions.md)";
  out.collection = to_upper(collection);
  out.name = MacroString(target.substr(dot + 1));
  return std::nullopt;
}

collections::LoadedCollection* resolve(TransactionState& tx, const CollectionRef& ref,
                                       std::string_view name, std::string_view verb) {
  collections::LoadedCollection* c = tx.persistent.find(ref.collection);
  if (c == nullptr && tx.debug_enabled(3)) {
    tx.debug(3, "Could not " + std::string(verb) + " variable \"" + to_lower(ref.collection) + "." +
                    std::string(name) + "\" as the collection does not exist (initcol it first).");
  }
  return c;
}

}  // namespace rampart::actions
