// The compiled form of a SecRule / SecAction / SecMarker. Built once at config time, immutable
// afterwards and shared by every thread and every merged context that inherits it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/byte_mask.h"
#include "engine/lazy_text.h"
#include "engine/macro.h"
#include "engine/matcher_memo.h"
#include "engine/regex.h"
#include "operators/operator.h"
#include "rampart/config.h"
#include "transforms/transform.h"
#include "variables/variable.h"

namespace rampart {

struct TransactionState;
struct Rule;
namespace lua {
class Script;  // SecRuleScript, src/lua/script.h
}

// One target of a rule: `ARGS`, `ARGS:foo`, `TX:/^x_/`, `!ARGS:bar`, `&TX:score`.
struct Target {
  const variables::VariableDef* var = nullptr;
  std::string key;                           // literal selector, empty when none
  std::shared_ptr<const Regex> key_regex;    // `/regex/` selector
  std::shared_ptr<const void> compiled_key;  // `key` as VariableDef::compile_key made it (XPath)
  bool exclude = false;                      // `!VAR:key`: removes fields from the other targets
  bool count = false;                        // `&VAR`: the number of fields
  std::string text;                          // as written, for SecRuleUpdateTarget and messages
};

enum class Disruptive { kUnset, kPass, kDeny, kDrop, kRedirect, kAllow, kBlock, kProxy, kPause };
enum class AllowScope { kFull, kPhase, kRequest };

// A non-disruptive action that runs when its rule (or chain link) matches, in written order:
// setvar, ctl, … Implementations live in src/actions/.
class Action {
 public:
  virtual ~Action() = default;
  virtual void execute(TransactionState& tx, const Rule& rule) const = 0;
};

// Actions as written on one rule or on SecDefaultAction; unset fields mean "not given here".
struct ActionSet {
  std::optional<int> phase;
  std::string id;
  std::optional<MacroString> msg;
  std::optional<MacroString> logdata;
  std::optional<int> severity;  // 0 (EMERGENCY) … 7 (DEBUG)
  std::vector<std::string> tags;
  // xmlns:prefix=URI (src/actions/xmlns.cc): prefixes XML:/xpath may use in this rule.
  std::vector<std::pair<std::string, std::string>> xml_namespaces;
  std::string rev, ver;
  std::optional<int> maturity, accuracy;
  Disruptive disruptive = Disruptive::kUnset;
  AllowScope allow_scope = AllowScope::kFull;
  std::optional<int> status;
  std::optional<MacroString> redirect_url;  // redirect: and proxy: (src/actions/proxy.cc)
  std::optional<int> pause_ms;              // pause: (src/actions/pause.cc)
  std::optional<bool> log, auditlog;
  bool chain = false;
  bool capture = false;
  bool multi_match = false;
  int skip = 0;
  std::string skip_after;
  // Transformations as written; `none` clears everything before it, inherited ones included.
  std::vector<const transforms::TransformDef*> transforms;
  bool transforms_cleared = false;  // the list started with (or contained) t:none
  std::vector<std::shared_ptr<const Action>> actions;  // non-disruptive, in order
  bool runs_lua = false;  // exec: a Lua script, which may read FILES_TMPNAMES
  std::string text;       // SecDefaultAction's list as written: part K merges rules with it
};

struct Rule {
  SourceLocation where;
  std::string id;        // empty for chain links
  std::string unparsed;  // as v2 prints it: SecRule "VARS" "OP" "ACTIONS" (audit part K)
  int phase = 2;
  bool is_marker = false;                     // SecMarker
  bool is_action = false;                     // SecAction: no targets, unconditional
  std::shared_ptr<const lua::Script> script;  // SecRuleScript: the Lua script decides the match
  std::vector<Target> targets;

  // operator
  std::string op_name;  // as logged in "Match of ..." messages, e.g. "rx"
  std::string op_param_text;
  MacroString op_param;
  bool op_negated = false;
  std::shared_ptr<const operators::Operator> op;
  // The operator's answer depends on the value alone (OperatorDef::value_only, and the parameter
  // has no macros): one evaluation of the rule may reuse it for an equal value.
  bool op_value_only = false;

  // actions, SecDefaultAction of the rule's phase already merged in (chain links too)
  ActionSet actions;
  std::vector<const transforms::TransformDef*> transforms;  // effective pipeline
  std::string pipeline_key;  // names joined, identifies the pipeline in the transform cache
  size_t pipeline_hash = 0;  // of pipeline_key, computed once
  // The union of the pipeline's trigger bytes (TransformDef::triggers): a value without any of
  // them comes out unchanged. nullopt when a transformation may change any value.
  std::optional<ByteMask> pipeline_triggers;
  bool log = true, auditlog = true;

  // Compiled parts are shared, so a Rule copies cheaply: SecRuleUpdateTargetById & co. change a
  // copy when the rule is inherited from a parent context, never the parent's rule.
  std::shared_ptr<Rule> next;  // next chain link
  // Chain starter (this for the starter itself). Only for telling links from starters: a
  // starter updated by SecRuleUpdate* is a copy, so a link's pointer may name the original.
  const Rule* starter = nullptr;

  // The fixed fields of the rule's alert line, escaped on first use (log/alert.cc): [file]
  // [line] [id] [rev], and [severity] [ver] [maturity] [accuracy] [tag]s.
  LazyText alert_head, alert_tail;
  // Whether the last ctl:ruleRemoveTargetBy* to ask selects this rule (chain starters only).
  MatcherMemo removal_memo;
};

}  // namespace rampart
