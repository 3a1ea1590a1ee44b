// ctl:option=value — changes the engine's configuration for the current transaction only.
//   ctl:ruleEngine=Off                 ctl:ruleRemoveById=920350 (or a range 920000-920999)
//   ctl:ruleRemoveByTag=attack-sqli    ctl:ruleRemoveTargetById=942100;ARGS:password
//   ctl:requestBodyProcessor=URLENCODED ctl:forceRequestBodyVariable=On
// Removals affect the rules evaluated after the action, in this phase and later ones. Each
// option is one row in kOptions; parsing happens at config time, so a bad value is a config
// error and regexes compile once.
#include <charconv>
#include <functional>
#include <memory>

#include "actions/builtin.h"
#include "actions/ctl_audit.h"
#include "engine/collection.h"
#include "engine/transaction_state.h"
#include "variables/variable.h"

namespace rampart::actions {

namespace {

// A ctl action is its effect on the transaction, bound at config time.
class Ctl final : public Action {
 public:
  explicit Ctl(std::function<void(TransactionState&)> effect) : effect_(std::move(effect)) {}
  void execute(TransactionState& tx, const Rule&) const override { effect_(tx); }

 private:
  std::function<void(TransactionState&)> effect_;
};

using Effect = std::function<void(TransactionState&)>;
using OptionParser = std::optional<std::string> (*)(std::string_view value, Effect& out);

std::optional<bool> on_off(std::string_view v) {
  if (iequals(v, "On")) return true;
  if (iequals(v, "Off")) return false;
  return std::nullopt;
}

std::optional<std::string> rule_engine(std::string_view v, Effect& out) {
  EngineMode mode;
  if (iequals(v, "On")) {
    mode = EngineMode::kOn;
  } else if (iequals(v, "Off")) {
    mode = EngineMode::kOff;
  } else if (iequals(v, "DetectionOnly")) {
    mode = EngineMode::kDetectionOnly;
  } else {
    return "ctl:ruleEngine takes On, Off or DetectionOnly, got '" + std::string(v) + "'";
  }
  out = [mode](TransactionState& tx) { tx.change_settings().engine = mode; };
  return std::nullopt;
}

template <std::optional<bool> Settings::*Field>
std::optional<std::string> body_access(std::string_view v, Effect& out) {
  auto on = on_off(v);
  if (!on) return "takes On or Off, got '" + std::string(v) + "'";
  out = [on = *on](TransactionState& tx) { tx.change_settings().*Field = on; };
  return std::nullopt;
}

template <std::optional<size_t> Settings::*Field>
std::optional<std::string> body_limit(std::string_view v, Effect& out) {
  size_t n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n == 0)
    return "takes a size in bytes, got '" + std::string(v) + "'";
  out = [n](TransactionState& tx) { tx.change_settings().*Field = n; };
  return std::nullopt;
}

std::optional<std::string> debug_log_level(std::string_view v, Effect& out) {
  if (v.size() != 1 || v[0] < '0' || v[0] > '9')
    return "takes a level 0-9, got '" + std::string(v) + "'";
  int level = v[0] - '0';
  out = [level](TransactionState& tx) { tx.change_settings().debug_log_level = level; };
  return std::nullopt;
}

std::optional<std::string> force_request_body_variable(std::string_view v, Effect& out) {
  auto on = on_off(v);
  if (!on) return "takes On or Off, got '" + std::string(v) + "'";
  out = [on = *on](TransactionState& tx) { tx.force_request_body_variable = on; };
  return std::nullopt;
}

std::optional<std::string> request_body_processor(std::string_view v, Effect& out) {
  const body::ProcessorDef* def = body::find_processor(v);
  if (def == nullptr) {
    return "ctl:requestBodyProcessor=" + std::string(v) +
           ": unknown body processor (URLENCODED, MULTIPART, JSON or XML; see "
           "docs/unsupported.md for those not built yet)";
  }
  out = [name = def->name](TransactionState& tx) { tx.reqbody_processor = std::string(name); };
  return std::nullopt;
}

template <RuleMatcher::Kind K>
std::optional<std::string> rule_remove(std::string_view v, Effect& out) {
  std::string error;
  auto matcher = RuleMatcher::make(K, v, error);
  if (!matcher) return error;
  out = [m = *matcher](TransactionState& tx) { tx.removed_rules.push_back(m); };
  return std::nullopt;
}

// `<rule selector>;<VARIABLE>[:<key or /regex/>]`
template <RuleMatcher::Kind K>
std::optional<std::string> rule_remove_target(std::string_view v, Effect& out) {
  size_t semi = v.find(';');
  if (semi == std::string_view::npos || semi + 1 >= v.size())
    return "expected <rule>;<target>, e.g. 942100;ARGS:password, got '" + std::string(v) + "'";
  std::string error;
  auto matcher = RuleMatcher::make(K, v.substr(0, semi), error);
  if (!matcher) return error;
  std::string_view target = v.substr(semi + 1);
  TargetRemoval removal{*matcher, {}, {}, {}};
  size_t colon = target.find(':');
  removal.var = to_upper(target.substr(0, colon));
  removal.def = variables::find(removal.var);
  if (colon != std::string_view::npos) {
    std::string_view key = target.substr(colon + 1);
    if (key.size() >= 2 && key.front() == '/' && key.back() == '/') {
      auto re = Regex::compile(key.substr(1, key.size() - 2), Regex::kCaseless, error);
      if (!re) return "bad regular expression in '" + std::string(key) + "': " + error;
      removal.key_regex = std::move(re);
    } else {
      removal.key = std::string(key);
    }
  }
  // The transaction points to the action's removal: the rule's MatcherMemo knows it by address.
  out = [removal = std::make_shared<const TargetRemoval>(std::move(removal))](
            TransactionState& tx) { tx.removed_targets.push_back(removal.get()); };
  return std::nullopt;
}

struct CtlOption {
  std::string_view name;
  OptionParser parse;
};

constexpr CtlOption kOptions[] = {
    {"ruleEngine", rule_engine},
    {"requestBodyAccess", body_access<&Settings::request_body_access>},
    {"responseBodyAccess", body_access<&Settings::response_body_access>},
    {"requestBodyLimit", body_limit<&Settings::request_body_limit>},
    {"responseBodyLimit", body_limit<&Settings::response_body_limit>},
    {"debugLogLevel", debug_log_level},
    {"forceRequestBodyVariable", force_request_body_variable},
    {"requestBodyProcessor", request_body_processor},
    {"ruleRemoveById", rule_remove<RuleMatcher::Kind::kId>},
    {"ruleRemoveByTag", rule_remove<RuleMatcher::Kind::kTag>},
    {"ruleRemoveByMsg", rule_remove<RuleMatcher::Kind::kMsg>},
    {"ruleRemoveTargetById", rule_remove_target<RuleMatcher::Kind::kId>},
    {"ruleRemoveTargetByTag", rule_remove_target<RuleMatcher::Kind::kTag>},
    {"ruleRemoveTargetByMsg", rule_remove_target<RuleMatcher::Kind::kMsg>},
    {"auditEngine", ctl_audit_engine},
    {"auditLogParts", ctl_audit_log_parts},
    {"hashEngine", body_access<&Settings::hash_engine>},            // SecHashEngine
    {"hashEnforcement", body_access<&Settings::hash_enforcement>},  // @validateHash checks
};

}  // namespace

std::optional<std::string> parse_ctl(ParseContext& ctx, std::string_view v) {
  size_t eq = v.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return "ctl needs option=value, e.g. ctl:ruleEngine=Off; got '" + std::string(v) + "'";
  std::string_view name = v.substr(0, eq), value = v.substr(eq + 1);
  for (const CtlOption& o : kOptions) {
    if (!iequals(o.name, name)) continue;
    Effect effect;
    if (auto err = o.parse(value, effect)) {
      std::string msg = *err;
      if (msg.rfind("ctl:", 0) != 0) msg = "ctl:" + std::string(o.name) + " " + msg;
      return msg;
    }
    ctx.set.actions.push_back(std::make_shared<Ctl>(std::move(effect)));
    return std::nullopt;
  }
  return "unknown ctl option '" + std::string(name) +
         "' (see docs/reference/actions.md#ctl for the supported ones)";
}

}  // namespace rampart::actions
