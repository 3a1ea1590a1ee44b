// deprecatevar: lowers a numeric variable of a persistent collection by N for every T seconds
// since the record was last written (its LAST_UPDATE_TIME), never below 0, as in v2.
//   deprecatevar:ip.score=60/300     (-60 per 5 minutes without an update)
// The decrease is merged as a delta, so increments made meanwhile by other requests survive.
// Nothing happens to a new record (it has no LAST_UPDATE_TIME) or a missing variable.
// Debug log, level 4: `Deprecated variable "ip.score" from 120 to 60 (300 seconds since last
// update).`
#include <algorithm>
#include <memory>

#include "actions/builtin.h"
#include "actions/collection_ref.h"
#include "collections/transaction_collections.h"
#include "collections/write_back.h"
#include "engine/collection.h"
#include "engine/numbers.h"
#include "engine/transaction_state.h"

namespace rampart::actions {

namespace {

class DeprecateVar final : public Action {
 public:
  DeprecateVar(CollectionRef ref, MacroString rate)
      : ref_(std::move(ref)), rate_(std::move(rate)) {}

  void execute(TransactionState& tx, const Rule&) const override {
    std::string name = ref_.name.expand(tx);
    if (name.empty()) return;
    collections::LoadedCollection* c = resolve(tx, ref_, name, "deprecate");
    if (c == nullptr) return;
    const std::string* value = c->vars().get(name);
    const std::string* last_update = c->vars().get("LAST_UPDATE_TIME");
    if (value == nullptr || last_update == nullptr) return;
    std::string rate = rate_.expand(tx);
    size_t slash = rate.find('/');
    long long amount = parse_integer(std::string_view(rate).substr(0, slash));
    long long period = slash == std::string::npos ? 0 : parse_integer(rate.substr(slash + 1));
    if (period <= 0) {
      tx.debug(3, "Incorrect format for the deprecatevar argument: \"" + rate + "\"");
      return;
    }
    long long current = parse_integer(*value);
    long long elapsed = collections::transaction_now(tx) - parse_integer(*last_update);
    long long next = std::max(0LL, current - amount * (std::max(0LL, elapsed) / period));
    if (next == current) return;
    c->add(name, next - current);
    if (tx.debug_enabled(4))
      tx.debug(4, "Deprecated variable \"" + to_lower(ref_.collection) + "." + name + "\" from " +
                      std::to_string(current) + " to " + std::to_string(next) + " (" +
                      std::to_string(elapsed) + " seconds since last update).");
  }

 private:
  CollectionRef ref_;
  MacroString rate_;
};

// Checks N/T at startup when it has no macros (v2 only notices at run time).
bool valid_rate(std::string_view rate) {
  size_t slash = rate.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash + 1 == rate.size()) return false;
  auto digits = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  };
  return digits(rate.substr(0, slash)) && digits(rate.substr(slash + 1)) &&
         parse_integer(rate.substr(slash + 1)) > 0;
}

}  // namespace

std::optional<std::string> parse_deprecatevar(ParseContext& ctx, std::string_view v) {
  size_t eq = v.find('=');
  std::string_view rate = eq == std::string_view::npos ? "" : v.substr(eq + 1);
  MacroString rate_macro(rate);
  if (eq == std::string_view::npos || (!rate_macro.has_macros() && !valid_rate(rate)))
    return "deprecatevar needs COLLECTION.name=N/SECONDS, e.g. deprecatevar:ip.score=60/300; "
           "got '" +
           std::string(v) + "'";
  CollectionRef ref;
  if (auto err = parse_collection_ref("deprecatevar", v.substr(0, eq), ref)) return err;
  if (ref.is_tx())
    return "deprecatevar works on persistent collections (IP, GLOBAL, RESOURCE, SESSION, "
           "USER); TX lasts one transaction anyway";
  ctx.set.actions.push_back(std::make_shared<DeprecateVar>(std::move(ref), std::move(rate_macro)));
  return std::nullopt;
}

}  // namespace rampart::actions
