// setenv: sets a variable in httpd's subprocess environment (seen by CGI/PHP-FPM, SSI, and
// mod_log_config's %{NAME}e), and in ENV for the rules that follow.
//   setenv:attacker=%{REMOTE_ADDR}     set            setenv:!attacker    remove
//   setenv:flag                        set to "1"
// Name and value take macros, expanded when the action runs. The engine records the change
// (Transaction::env_changes()); the connector applies it after each phase.
// Debug log, level 9: `Setting env variable: NAME=VALUE` (v2's text).
#include <memory>

#include "actions/builtin.h"
#include "engine/collection.h"
#include "engine/transaction_state.h"

namespace rampart::actions {

namespace {

class SetEnv final : public Action {
 public:
  SetEnv(MacroString name, MacroString value, bool unset)
      : name_(std::move(name)), value_(std::move(value)), unset_(unset) {}

  void execute(TransactionState& tx, const Rule&) const override {
    EnvChange change{name_.expand(tx), unset_ ? std::string() : value_.expand(tx), unset_};
    if (change.name.empty()) return;
    if (tx.debug_enabled(9)) {
      tx.debug(9, unset_ ? "Unsetting env variable: " + change.name
                         : "Setting env variable: " + change.name + "=" + change.value);
    }
    // ENV follows, so a later rule sees the variable as httpd's handler will.
    std::erase_if(tx.env, [&](const Param& p) { return iequals(p.name, change.name); });
    if (!unset_) tx.env.push_back(Param{tx.keep(change.name), tx.keep(change.value)});
    tx.env_changes.push_back(std::move(change));
  }

 private:
  MacroString name_, value_;
  bool unset_;
};

}  // namespace

std::optional<std::string> parse_setenv(ParseContext& ctx, std::string_view v) {
  bool unset = v.starts_with('!');
  if (unset) v.remove_prefix(1);
  std::string_view name = v, value = "1";
  if (size_t eq = v.find('='); eq != std::string_view::npos) {
    if (unset) return "setenv:!NAME removes a variable and takes no value";
    name = v.substr(0, eq);
    value = v.substr(eq + 1);
  }
  if (name.empty()) return "setenv needs NAME=VALUE, e.g. setenv:attacker=%{REMOTE_ADDR}";
  ctx.set.actions.push_back(std::make_shared<SetEnv>(MacroString(name), MacroString(value), unset));
  return std::nullopt;
}

}  // namespace rampart::actions
