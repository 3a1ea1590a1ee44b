// initcol, setsid, setuid: make a persistent collection available to the rules of this
// transaction, loading its record from SecDataDir or starting a new one.
//   initcol:ip=%{REMOTE_ADDR}    initcol:global=global    initcol:resource=%{REQUEST_FILENAME}
//   setsid:%{REQUEST_COOKIES.PHPSESSID}   (SESSIONID and SESSION)
//   setuid:%{ARGS.username}               (USERID and USER)
//   setrsc:%{REQUEST_FILENAME}            (RESOURCE)
// The key takes macros. Initialising a collection twice in one transaction keeps the first (v2).
// Debug log, level 4: `Creating collection (name "ip", key "192.0.2.1").` or `Retrieved
// collection (name "ip", key "192.0.2.1").` A store that cannot be reached (Redis down) gives
// an empty collection, or a 503 under SecCollectionStoreFailAction closed.
#include <memory>
#include <string>

#include "actions/builtin.h"
#include "actions/collection_ref.h"
#include "collections/write_back.h"
#include "engine/collection.h"
#include "engine/transaction_state.h"

namespace rampart::actions {

namespace {

enum class Id { kNone, kSession, kUser };  // which id variable the action also sets

class InitCollection final : public Action {
 public:
  InitCollection(std::string collection, MacroString key, Id id)
      : collection_(std::move(collection)), key_(std::move(key)), id_(id) {}

  void execute(TransactionState& tx, const Rule&) const override {
    std::string key = key_.expand(tx);
    if (id_ == Id::kSession) tx.persistent.session_id = key;
    if (id_ == Id::kUser) tx.persistent.user_id = key;
    const Settings& s = tx.config->settings();
    std::string_view scope = is_app_scoped_collection(collection_) ? s.webappid() : "";
    auto result = tx.persistent.init(collection_, scope, key, s.collection_timeout_seconds(),
                                     collections::transaction_now(tx));
    if (result == collections::TransactionCollections::InitResult::kUnavailable)
      store_unavailable(tx, s);
    if (!tx.debug_enabled(4)) return;
    std::string what = "(name \"" + to_lower(collection_) + "\", key \"" + key + "\").";
    switch (result) {
      case collections::TransactionCollections::InitResult::kCreated:
        tx.debug(4, "Creating collection " + what +
                        (tx.persistent.store_for(collection_) ? ""
                                                              : " No store: kept for this "
                                                                "transaction only."));
        break;
      case collections::TransactionCollections::InitResult::kLoaded:
        tx.debug(4, "Retrieved collection " + what);
        break;
      case collections::TransactionCollections::InitResult::kUnavailable:
        tx.debug(4, "Collection store unreachable: empty collection " + what);
        break;
      case collections::TransactionCollections::InitResult::kAlreadyInitialised:
        tx.debug(4, "Collection " + to_lower(collection_) +
                        " already initialised in this transaction, skipping " + what);
        break;
    }
  }

 private:
  // SecCollectionStoreFailAction closed: a request whose collection cannot be read is refused
  // (503), since rules such as a brute-force block cannot be trusted without it. Open (the
  // default): the rules see an empty collection; the store logs that it is down (rate-limited).
  void store_unavailable(TransactionState& tx, const Settings& s) const {
    if (!s.collection_store_refuses() || s.engine_mode() != EngineMode::kOn || tx.phase >= 5 ||
        tx.intervention.disruptive())
      return;
    tx.intervention.kind = Intervention::Kind::kDeny;
    tx.intervention.status = 503;
    tx.log->alert("ModSecurity: Access denied with code 503 (phase " + std::to_string(tx.phase) +
                  "). The collection store for " + to_lower(collection_) +
                  " is unreachable (SecCollectionStoreFailAction closed). [unique_id \"" +
                  tx.unique_id + "\"]");
  }

  std::string collection_;  // upper case
  MacroString key_;
  Id id_;
};

}  // namespace

std::optional<std::string> parse_initcol(ParseContext& ctx, std::string_view v) {
  size_t eq = v.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == v.size())
    return "initcol needs COLLECTION=KEY, e.g. initcol:ip=%{REMOTE_ADDR}; got '" + std::string(v) +
           "'";
  std::string_view name = v.substr(0, eq);
  if (!is_persistent_collection(name))
    return "initcol: unknown collection '" + std::string(name) +
           "': use IP, GLOBAL, RESOURCE, SESSION or USER";
  ctx.set.actions.push_back(
      std::make_shared<InitCollection>(to_upper(name), MacroString(v.substr(eq + 1)), Id::kNone));
  return std::nullopt;
}

std::optional<std::string> parse_setsid(ParseContext& ctx, std::string_view v) {
  ctx.set.actions.push_back(
      std::make_shared<InitCollection>("SESSION", MacroString(v), Id::kSession));
  return std::nullopt;
}

// setrsc:KEY is initcol:resource=KEY (v2 has no RESOURCEID variable to set).
std::optional<std::string> parse_setrsc(ParseContext& ctx, std::string_view v) {
  ctx.set.actions.push_back(
      std::make_shared<InitCollection>("RESOURCE", MacroString(v), Id::kNone));
  return std::nullopt;
}

std::optional<std::string> parse_setuid(ParseContext& ctx, std::string_view v) {
  ctx.set.actions.push_back(std::make_shared<InitCollection>("USER", MacroString(v), Id::kUser));
  return std::nullopt;
}

}  // namespace rampart::actions
