// expirevar: makes a variable of a persistent collection expire after some seconds.
//   expirevar:ip.block=300        expirevar:'session.alerted=%{tx.alert_timeout}'
// The deadline is kept as `__expire_<name>` in the same record (as in v2) and honoured whenever
// the record is read. Debug log, level 4: `Variable "ip.block" set to expire in 300 seconds.`
#include <memory>

#include "actions/builtin.h"
#include "actions/collection_ref.h"
#include "collections/expiry.h"
#include "collections/transaction_collections.h"
#include "collections/write_back.h"
#include "engine/collection.h"
#include "engine/numbers.h"
#include "engine/transaction_state.h"

namespace rampart::actions {

namespace {

class ExpireVar final : public Action {
 public:
  ExpireVar(CollectionRef ref, MacroString seconds)
      : ref_(std::move(ref)), seconds_(std::move(seconds)) {}

  void execute(TransactionState& tx, const Rule&) const override {
    std::string name = ref_.name.expand(tx);
    if (name.empty()) return;
    collections::LoadedCollection* c = resolve(tx, ref_, name, "expire");
    if (c == nullptr) return;
    long long seconds = parse_integer(seconds_.expand(tx));
    c->set(std::string(collections::kExpirePrefix) + name,
           std::to_string(collections::transaction_now(tx) + seconds));
    if (tx.debug_enabled(4))
      tx.debug(4, "Variable \"" + to_lower(ref_.collection) + "." + name + "\" set to expire in " +
                      std::to_string(seconds) + " seconds.");
  }

 private:
  CollectionRef ref_;
  MacroString seconds_;
};

}  // namespace

std::optional<std::string> parse_expirevar(ParseContext& ctx, std::string_view v) {
  size_t eq = v.find('=');
  if (eq == std::string_view::npos || eq + 1 == v.size())
    return "expirevar needs COLLECTION.name=SECONDS, e.g. expirevar:ip.block=300; got '" +
           std::string(v) + "'";
  CollectionRef ref;
  if (auto err = parse_collection_ref("expirevar", v.substr(0, eq), ref)) return err;
  if (ref.is_tx())
    return "expirevar works on persistent collections (IP, GLOBAL, RESOURCE, SESSION, USER); "
           "TX lasts one transaction anyway";
  ctx.set.actions.push_back(
      std::make_shared<ExpireVar>(std::move(ref), MacroString(v.substr(eq + 1))));
  return std::nullopt;
}

}  // namespace rampart::actions
