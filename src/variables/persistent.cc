// IP, GLOBAL, RESOURCE, SESSION, USER: the persistent collections, empty until initcol (setsid,
// setuid) initialises them in this transaction; their built-in fields (KEY, TIMEOUT,
// CREATE_TIME, LAST_UPDATE_TIME, UPDATE_COUNTER, IS_NEW) are ordinary fields. SESSIONID, USERID:
// the keys setsid and setuid were given. WEBAPPID: SecWebAppId ("default" when unset).
#include "variables/persistent.h"

#include "collections/transaction_collections.h"

namespace rampart::variables {

namespace {

// Values can change while a rule runs (setvar), so fields get stable copies.
void collect_all(const TransactionState& tx, std::string_view name, std::vector<Field>& out) {
  const collections::LoadedCollection* c = tx.persistent.find(name);
  if (c == nullptr) return;
  for (const auto& e : c->vars().entries()) out.push_back(Field{tx.keep(e.name), tx.keep(e.value)});
}

void lookup_one(const TransactionState& tx, std::string_view name, std::string_view key,
                std::vector<Field>& out) {
  const collections::LoadedCollection* c = tx.persistent.find(name);
  if (c == nullptr) return;
  if (const Collection::Entry* e = c->vars().entry(key))
    out.push_back(Field{tx.keep(e->name), tx.keep(e->value)});
}

}  // namespace

#define RAMPART_PERSISTENT(name, NAME)                                                            \
  void name##_collection(const TransactionState& tx, std::vector<Field>& out) {                   \
    collect_all(tx, NAME, out);                                                                   \
  }                                                                                               \
  void name##_lookup(const TransactionState& tx, std::string_view key, std::vector<Field>& out) { \
    lookup_one(tx, NAME, key, out);                                                               \
  }
RAMPART_PERSISTENT(ip, "IP")
RAMPART_PERSISTENT(global, "GLOBAL")
RAMPART_PERSISTENT(resource, "RESOURCE")
RAMPART_PERSISTENT(session, "SESSION")
RAMPART_PERSISTENT(user, "USER")
#undef RAMPART_PERSISTENT

void session_id(const TransactionState& tx, std::vector<Field>& out) {
  out.push_back(Field{{}, tx.keep(tx.persistent.session_id)});
}
void user_id(const TransactionState& tx, std::vector<Field>& out) {
  out.push_back(Field{{}, tx.keep(tx.persistent.user_id)});
}
void web_app_id(const TransactionState& tx, std::vector<Field>& out) {
  out.push_back(Field{{}, tx.keep(std::string(tx.config->settings().webappid()))});
}

}  // namespace rampart::variables
