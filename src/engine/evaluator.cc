#include "engine/evaluator.h"

#include <charconv>
#include <chrono>
#include <span>
#include <thread>

#include "config/config_impl.h"
#include "engine/collection.h"
#include "engine/stream_rewrite.h"
#include "engine/transaction_state.h"
#include "engine/value_memo.h"
#include "log/alert.h"
#include "log/verdict.h"
#include "lua/script.h"
#include "variables/select.h"

namespace rampart {

namespace {

// --profile: one transformation's time, for its own line and its rule's share.
void record_transform(TransactionState& tx, std::string_view name,
                      Profile::Clock::time_point start) {
  int64_t ns = Profile::since(start);
  tx.profile->add_transform(name, ns);
  if (tx.profiled_rule) tx.profiled_rule->transform_ns += ns;
}

// Values up to this long are scanned for their pipeline's trigger bytes before the cache is
// asked; a longer one would be scanned again by each rule, where the cache hashes it once.
constexpr size_t kTriggerScanMax = 64;

// The value after the rule's transformation pipeline, cached per (pipeline, value). Once the
// cache is full, an output is made in `scratch` instead, valid until the next call. With `bytes`,
// also the output's ByteMask: the cache's, or one made in `bytes_buf` for a value that skipped
// the pipeline; null when neither has one.
// `value_hash` is the value's SeededHash when known (Selected::value_hash), else 0.
std::string_view transformed(TransactionState& tx, const Rule& rule, std::string_view value,
                             uint64_t value_hash, std::string& scratch, const ByteMask** bytes,
                             ByteMask& bytes_buf) {
  if (bytes != nullptr) *bytes = nullptr;
  if (rule.transforms.empty()) return value;
  bool trace = tx.debug_enabled(9);  // the steps, so a site owner sees why a value matched
  // A short value without any of the pipeline's trigger bytes comes out as it went in: looking
  // for them costs less than the cache's lookup. An operator that wants the value's bytes gets
  // them from the same pass.
  if (rule.pipeline_triggers && value.size() <= kTriggerScanMax && !trace) {
    if (bytes == nullptr) {
      if (!rule.pipeline_triggers->any_of(value)) return value;
    } else {
      bytes_buf = ByteMask::of(value);
      if (!bytes_buf.intersects(*rule.pipeline_triggers)) {
        *bytes = &bytes_buf;
        return value;
      }
    }
  }
  TransformCache::Key key{rule.pipeline_key, rule.pipeline_hash, value};
  uint64_t hash = tx.transform_cache.hash(
      key, value_hash != 0 ? value_hash : tx.transform_cache.value_hash(value));
  if (const TransformCache::Entry* hit = tx.transform_cache.find(key, hash)) {
    if (trace) tx.debug(9, "T: t:" + rule.pipeline_key + " taken from the cache");
    std::string_view output = hit->unchanged ? value : hit->text;
    if (bytes != nullptr) *bytes = &tx.transform_cache.bytes_of(*hit, output);
    return output;
  }
  // `current` views the input until a transformation changes it, then the latest output.
  std::string_view current = value;
  std::string out, next;
  bool changed = false;
  transforms::TransformContext ctx{tx.settings().unicode_map.get()};
  for (size_t i = 0; i < rule.transforms.size(); ++i) {
    const auto* t = rule.transforms[i];
    next.clear();
    auto start = tx.profile ? Profile::Clock::now() : Profile::Clock::time_point();
    if (transforms::apply(*t, current, next, ctx)) {
      out.swap(next);
      current = out;
      changed = true;
    }
    if (tx.profile) record_transform(tx, t->name, start);
    if (trace) {
      tx.debug(9, "T (" + std::to_string(i) + ") " + std::string(t->name) + ": \"" +
                      log::escape(current.substr(0, 256)) + "\"");
    }
  }
  if (tx.transform_cache.full()) {
    if (!changed) return value;
    scratch.swap(out);
    return scratch;
  }
  key.value = tx.keep(value);  // the lookup's value may live shorter than the transaction
  TransformCache::Entry cached{changed ? tx.keep(out) : std::string_view(), !changed};
  const TransformCache::Entry& stored = tx.transform_cache.insert(key, hash, cached);
  std::string_view output = changed ? cached.text : key.value;
  if (bytes != nullptr) *bytes = &tx.transform_cache.bytes_of(stored, output);
  return output;
}

// multiMatch: the raw value and the value after every transformation that changed it. Not
// cached: the stages are seldom shared, and caching each one cost more than it saved on short
// values.
void all_stages(TransactionState& tx, const Rule& rule, std::string_view value,
                std::vector<TransformStage>& out) {
  out.push_back({value, nullptr});
  // Without any of the pipeline's trigger bytes, no transformation changes the value.
  if (rule.pipeline_triggers && !rule.pipeline_triggers->any_of(value)) return;
  std::string_view current = value;  // each stage is kept by the transaction: the next views it
  std::string next;
  transforms::TransformContext ctx{tx.settings().unicode_map.get()};
  for (const auto* t : rule.transforms) {
    next.clear();
    auto start = tx.profile ? Profile::Clock::now() : Profile::Clock::time_point();
    bool changed = transforms::apply(*t, current, next, ctx);
    if (tx.profile) record_transform(tx, t->name, start);
    if (changed) {
      current = tx.keep(next);
      out.push_back({current, nullptr});
    }
  }
}

bool removed_at_runtime(const TransactionState& tx, const Rule& rule) {
  for (const RuleMatcher& m : tx.removed_rules)
    if (m.matches(rule, tx.scratch)) return true;
  return false;
}

// ctl:ruleRemoveTargetBy*: drops the values of `link` the removals name for its rule.
void remove_targets(const TransactionState& tx, const Rule& link, const Rule& starter,
                    std::vector<variables::Selected>& selected) {
  for (const TargetRemoval* removal : tx.removed_targets) {
    const TargetRemoval& t = *removal;
    auto is_var = [&](const variables::VariableDef* var) {
      return t.def != nullptr ? var == t.def : iequals(var->name, t.var);
    };
    auto named = [&](const variables::Selected& s) {
      if (!is_var(s.var)) return false;
      if (t.key_regex) return t.key_regex->matches(s.key, tx.scratch);
      return t.key.empty() || iequals(s.key, t.key);
    };
    // Most rules select nothing a removal names. Their targets tell, with fewer tests than their
    // values, and both tests are cheaper than the rule matcher's.
    if (std::none_of(link.targets.begin(), link.targets.end(),
                     [&](const Target& x) { return !x.exclude && is_var(x.var); }))
      continue;
    if (std::none_of(selected.begin(), selected.end(), named)) continue;
    if (!starter.removal_memo.answer(&t, [&] { return t.rules.matches(starter, tx.scratch); }))
      continue;
    std::erase_if(selected, named);
  }
}

// v2 uses the rule's status for a redirect only when it is a redirection status.
int redirect_status(const ActionSet& a) {
  int s = a.status.value_or(302);
  return (s == 301 || s == 302 || s == 303 || s == 307) ? s : 302;
}

std::string action_message(const TransactionState& tx, const Rule& rule, bool disrupting) {
  const ActionSet& a = rule.actions;
  std::string phase = std::to_string(tx.phase);
  if (a.disruptive == Disruptive::kAllow && tx.settings().engine_mode() == EngineMode::kOn) {
    if (a.allow_scope == AllowScope::kPhase)
      return "Access to phase allowed (phase " + phase + ").";
    if (a.allow_scope == AllowScope::kRequest)
      return "Access to request allowed (phase " + phase + ").";
    return "Access allowed (phase " + phase + ").";
  }
  if (a.disruptive == Disruptive::kPause && tx.settings().engine_mode() == EngineMode::kOn &&
      tx.phase < 5)
    return "Paused Access (phase " + phase + ").";
  if (!disrupting) return "Warning.";
  switch (a.disruptive) {
    case Disruptive::kDrop:
      return "Access denied with connection close (phase " + phase + ").";
    case Disruptive::kRedirect:
      return "Access denied with redirection to " + a.redirect_url->expand(tx) + " using status " +
             std::to_string(redirect_status(a)) + " (phase " + phase + ").";
    case Disruptive::kProxy:  // v2's wording, the phase before the URL
      if (tx.phase > 2)
        return "Access denied with code 500 (phase " + phase +
               ") (Configuration Error: Proxy action requested but it does not work in output "
               "phases).";
      return "Access denied using proxy to (phase " + phase + ") " + a.redirect_url->expand(tx) +
             ".";
    default:
      return "Access denied with code " + std::to_string(a.status.value_or(403)) + " (phase " +
             phase + ").";
  }
}

// The chain (or single rule) `starter` matched: log it and apply its disruptive action.
void on_rule_match(TransactionState& tx, const Rule& starter, std::string_view rule_message) {
  const ActionSet& a = starter.actions;
  EngineMode mode = tx.settings().engine_mode();
  bool blocking_action = a.disruptive == Disruptive::kDeny || a.disruptive == Disruptive::kDrop ||
                         a.disruptive == Disruptive::kRedirect ||
                         a.disruptive == Disruptive::kProxy;
  // Phase 5 runs after the response has gone; DetectionOnly never disrupts.
  bool disrupting = blocking_action && mode == EngineMode::kOn && tx.phase < 5;
  if (a.severity && *a.severity < tx.highest_severity) tx.highest_severity = *a.severity;
  // pause: (src/actions/pause.cc) sleeps before the rule's line and its interception, as in v2;
  // as the last disruptive action it only sleeps ("Paused Access"), after deny & co. it delays
  // them.
  bool pausing = a.disruptive == Disruptive::kPause || disrupting;
  if (pausing && mode == EngineMode::kOn && tx.phase < 5 && a.pause_ms && *a.pause_ms > 0) {
    std::string ms = std::to_string(*a.pause_ms);
    tx.log->alert("ModSecurity: Pausing transaction for " + ms + " msec. [hostname \"" +
                  log::escape(tx.hostname) + "\"] [uri \"" +
                  log::escape(tx.decoded_uri.empty() ? tx.path : tx.decoded_uri) +
                  "\"] [unique_id \"" + tx.unique_id + "\"]");
    std::this_thread::sleep_for(std::chrono::milliseconds(*a.pause_ms));
  }
  tx.audit.on_match(starter);  // relevance (auditlog) and part K
  if (starter.log) {
    log::record_match(tx, starter, tx.rule_points);
    tx.rule_points = 0;  // the next matched value scores on its own
  }
  if (starter.log || tx.debug_enabled(1)) {
    std::string line =
        log::alert_line(tx, starter, action_message(tx, starter, disrupting), rule_message);
    if (starter.log) {
      // SecAlertLogFormat JSON: one record at phase 5 instead (Transaction::process_logging).
      if (!tx.settings().alert_log_json.value_or(false)) tx.log->alert(line);
      tx.audit.add_message(line);  // part H: Message:
    }
    tx.debug(disrupting ? 1 : 2, line);
  }
  if (disrupting) {
    tx.audit.intercept_phase = tx.phase;  // part H: Action: Intercepted (phase N)
    // JSON action.message: the operator's message alone, as in v2.
    tx.audit.intercept_message = rule_message;
    Intervention& i = tx.intervention;
    switch (a.disruptive) {
      case Disruptive::kDrop:
        i.kind = Intervention::Kind::kDrop;
        break;
      case Disruptive::kRedirect:
        i.kind = Intervention::Kind::kRedirect;
        i.status = redirect_status(a);
        i.url = a.redirect_url->expand(tx);
        break;
      case Disruptive::kProxy:
        if (tx.phase > 2) {  // the response is on its way: nothing left to proxy
          i.kind = Intervention::Kind::kDeny;
          i.status = 500;
          break;
        }
        i.kind = Intervention::Kind::kProxy;
        i.url = a.redirect_url->expand(tx);
        break;
      default:
        i.kind = Intervention::Kind::kDeny;
        i.status = a.status.value_or(403);
    }
    return;
  }
  if (a.disruptive == Disruptive::kAllow && mode == EngineMode::kOn) {
    if (a.allow_scope == AllowScope::kFull) tx.allow_all = true;
    if (a.allow_scope == AllowScope::kRequest) tx.allow_request = true;
    tx.intervention.kind = Intervention::Kind::kAllow;
  }
}

void store_captures(TransactionState& tx, const std::vector<std::string>& captures) {
  for (size_t i = 0; i < 10; ++i) {
    std::string name(1, static_cast<char>('0' + i));
    if (i < captures.size()) {
      tx.tx.set(name, captures[i]);
    } else {
      tx.tx.erase(name);
    }
  }
}

enum class LinkResult { kNoMatch, kMatch, kStop };

// A rule with fewer values than this tests each one (see the memo in eval_link).
constexpr size_t kMemoMinValues = 16;

// Evaluates one rule or chain link. Actions of the link run for every matched value; the last
// link also logs and disrupts (with the starter's metadata) once per matched value.
LinkResult eval_link(TransactionState& tx, const Rule& link, const Rule& starter) {
  tx.current_rule = &link;
  bool last = link.next == nullptr;
  auto matched = [&](std::string_view name, std::string_view value, std::string_view message) {
    tx.matched_var.assign(value);
    tx.matched_var_name.assign(name);
    tx.matched_vars.add(name, value);
    // setvar adds the anomaly points this match gives to tx.rule_points (log/verdict.h).
    for (const auto& action : link.actions.actions) action->execute(tx, link);
    if (last) on_rule_match(tx, starter, message);
    return tx.intervention.disruptive();
  };

  if (link.is_action) {
    return matched("", "", "Unconditional match in SecAction.") ? LinkResult::kStop
                                                                : LinkResult::kMatch;
  }
  if (link.script) {  // SecRuleScript: main() returns the message on a match
    std::optional<std::string> message = link.script->run(tx);
    if (!message) return LinkResult::kNoMatch;
    return matched("", "", *message) ? LinkResult::kStop : LinkResult::kMatch;
  }

  // The transaction's scratch keeps its capacity from rule to rule; a nested evaluation (an
  // action's macro, should one ever evaluate a rule) finds it in use and takes its own.
  std::optional<TransactionState::RuleScratch> own;
  TransactionState::RuleScratch& pool = tx.rule_scratch.in_use ? own.emplace() : tx.rule_scratch;
  struct InUse {
    TransactionState::RuleScratch& pool;
    explicit InUse(TransactionState::RuleScratch& p) : pool(p) { pool.in_use = true; }
    ~InUse() {
      pool.in_use = false;
      pool.selected.clear();  // views into values the next rule may not keep
    }
    InUse(const InUse&) = delete;
    InUse& operator=(const InUse&) = delete;
  } in_use(pool);
  std::vector<variables::Selected>& selected = pool.selected;
  selected.clear();
  variables::select(tx, link.targets, selected);
  if (!tx.removed_targets.empty()) remove_targets(tx, link, starter, selected);
  std::string param_buf, transform_scratch;
  ByteMask value_bytes;  // a value's bytes, when it skipped its pipeline (transformed())
  std::string_view param = link.op_param.text();
  bool any = false;
  std::vector<TransformStage>& stages = pool.stages;
  const bool wants_bytes = link.op->wants_value_bytes();
  // Only the last link's message reaches the log, the audit log or an interception.
  bool wants_message = last && (starter.log || tx.debug_enabled(1) ||
                                starter.actions.disruptive != Disruptive::kPass);
  // A value equal to one this evaluation tested without a match is skipped: the memo
  // (engine/value_memo.h) answers for it. Only where the operator's answer depends on the value
  // alone; not for a handful of values, where repeats are rare and hashing costs more than it
  // saves; not under the debug log's per-value trace. No evaluation nests today; should one, it
  // would find the memo in use and go without, as the pools above guard themselves.
  ValueMemo& tested = tx.memo;
  bool use_memo = link.op_value_only && selected.size() >= kMemoMinValues && !tested.in_use &&
                  !tx.debug_enabled(9);
  ValueMemo::Use memo_use(tested, use_memo);
  if (use_memo) tested.reset(selected.size());
  // One MatchState for all the rule's values: start() empties what a value's test wrote.
  operators::MatchState st;
  st.want_message = wants_message && !link.op_negated;  // a negated match says "required"
  st.capture = link.actions.capture;
  st.scratch = &tx.scratch;
  st.tx = &tx;
  for (const variables::Selected& sel : selected) {
    uint64_t value_hash = sel.value_hash;  // 0 when its source kept none
    if (use_memo) {
      if (value_hash == 0) value_hash = tx.transform_cache.value_hash(sel.value);
      if (tested.contains(value_hash, sel.value)) continue;
    }
    // Most rules test one stage: it stays out of the vector, which only multiMatch fills.
    TransformStage single;
    std::span<const TransformStage> to_test(&single, 1);
    if (link.actions.multi_match) {
      stages.clear();
      all_stages(tx, link, sel.value, stages);
      to_test = stages;
    } else {
      single.value = transformed(tx, link, sel.value, value_hash, transform_scratch,
                                 wants_bytes ? &single.bytes : nullptr, value_bytes);
    }
    bool remember = true;  // false once the value matched or failed
    for (const TransformStage& stage : to_test) {
      std::string_view value = stage.value;
      if (link.op_param.has_macros()) {
        param_buf.clear();
        link.op_param.expand(tx, param_buf);
        param = param_buf;
      }
      st.start(sel, pool.name, stage.bytes);
      auto op_start = tx.profile ? Profile::Clock::now() : Profile::Clock::time_point();
      bool hit = link.op->match(value, param, st);
      if (tx.profiled_rule) tx.profiled_rule->operator_ns += Profile::since(op_start);
      if (tx.debug_enabled(9)) {
        tx.debug(9, "Rule " + std::string(starter.id) + " (" + starter.where.file + ":" +
                        std::to_string(link.where.line) + "): @" + link.op_name + " on " +
                        std::string(st.var_name()) + " = \"" + log::escape(value.substr(0, 256)) +
                        "\" after t:" + (link.pipeline_key.empty() ? "none" : link.pipeline_key) +
                        " -> " + ((hit != link.op_negated) ? "match" : "no match"));
      }
      if (st.limit_exceeded) {
        remember = false;       // its error is logged for every value that hits the limit
        tx.rule_failed = true;  // v2's operator error (SecInterceptOnError)
        tx.tx.set("MSC_PCRE_LIMITS_EXCEEDED", "1");
        tx.log->alert("ModSecurity: Rule [id \"" + starter.id + "\"][file \"" + starter.where.file +
                      "\"][line \"" + std::to_string(starter.where.line) +
                      "\"] - Execution error - PCRE limits exceeded [hostname \"" +
                      log::escape(tx.hostname) + "\"] [uri \"" + log::escape(tx.decoded_uri) +
                      "\"] [unique_id \"" + tx.unique_id + "\"]");
      }
      if (link.op_negated) hit = !hit;
      if (!hit) continue;
      any = true;
      // A match is not remembered: its actions run for each equal value. Neither are values
      // after it in the memo, which views them: the actions may change TX, which they view.
      remember = use_memo = false;
      std::string_view name = st.var_name();
      if (link.actions.capture && !st.captures.empty()) store_captures(tx, st.captures);
      // A negated operator's message is built here, and only when something will read it.
      std::string message = std::move(st.message);
      if (link.op_negated && wants_message) {
        message = "Match of \"" + log::escape(link.op_name) + " " +
                  log::escape(param.substr(0, 252)) + "\" against \"" + log::escape(name) +
                  "\" required.";
      }
      bool stop = matched(name, value, message);
      // After the actions: they may still view the old text.
      if (st.rewritten) rewrite_stream(tx, name, std::move(*st.rewritten));
      if (stop) return LinkResult::kStop;
      if (!link.actions.multi_match) break;
    }
    if (remember && use_memo) tested.add(value_hash, sel.value);
  }
  return any ? LinkResult::kMatch : LinkResult::kNoMatch;
}

// Evaluates a rule with all its chain links. True when every link matched.
bool eval_rule(TransactionState& tx, const Rule& rule) {
  tx.matched_vars.clear();
  tx.rule_points = 0;
  tx.current_starter = &rule;
  bool all = true;
  for (const Rule* link = &rule; link != nullptr; link = link->next.get()) {
    LinkResult r = eval_link(tx, *link, rule);
    if (r == LinkResult::kNoMatch) {
      all = false;
      break;
    }
    if (r == LinkResult::kStop) break;
  }
  tx.matched_vars.clear();
  tx.current_rule = nullptr;
  tx.current_starter = nullptr;
  return all;
}

// eval_rule with its time at debug level 9, for finding slow rules.
bool eval_rule_timed(TransactionState& tx, const Rule& rule) {
  auto start = std::chrono::steady_clock::now();
  bool matched = eval_rule(tx, rule);
  auto us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                                  start)
                .count();
  tx.debug(9, "Rule " + rule.id + " (" + rule.where.file + ":" + std::to_string(rule.where.line) +
                  "): " + (matched ? "matched" : "no match") + " in " + std::to_string(us) +
                  " usec");
  return matched;
}

// eval_rule, its time and its matches added to the replay's profile.
bool eval_rule_profiled(TransactionState& tx, const Rule& rule) {
  Profile::RuleTimes& times = tx.profile->rule(rule);
  tx.profiled_rule = &times;
  auto start = Profile::Clock::now();
  bool matched = tx.debug_enabled(9) ? eval_rule_timed(tx, rule) : eval_rule(tx, rule);
  times.total_ns += Profile::since(start);
  ++times.calls;
  if (matched) ++times.matches;
  tx.profiled_rule = nullptr;
  return matched;
}

// SecRulePerfTime: a rule slower than the threshold goes into PERF_RULES (times add up when the
// same rule is slow in several phases).
void record_rule_time(TransactionState& tx, const Rule& rule,
                      std::chrono::steady_clock::time_point start, long long threshold_us) {
  long long us = std::chrono::duration_cast<std::chrono::microseconds>(
                     std::chrono::steady_clock::now() - start)
                     .count();
  if (us < threshold_us) return;
  for (auto& [id, total] : tx.perf_rules) {
    if (id == rule.id) {
      total += us;
      return;
    }
  }
  tx.perf_rules.emplace_back(rule.id, us);
}

}  // namespace

void run_phase(TransactionState& tx, int phase) {
  tx.phase = phase;
  log::PhaseTimer timer(tx.audit, phase);  // Stopwatch2 p1..p5 in the audit log
  if (tx.debug_enabled(4)) tx.debug(4, "Starting phase " + std::to_string(phase) + ".");
  const PhasePlan& plan = tx.config->impl().phase_plan(phase);
  int skip = 0;
  for (size_t i = 0; i < plan.size(); ++i) {
    const Rule& rule = *plan[i].rule;
    if (rule.is_marker) continue;
    if (skip > 0) {
      --skip;
      continue;
    }
    if (tx.settings().engine_mode() == EngineMode::kOff) return;  // ctl:ruleEngine=Off
    if (removed_at_runtime(tx, rule)) {
      if (tx.debug_enabled(9)) tx.debug(9, "Rule " + rule.id + " removed by ctl, skipped.");
      continue;
    }
    std::optional<long long> perf_time = tx.settings().rule_perf_time;
    auto perf_start =
        perf_time ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point();
    tx.rule_failed = false;
    bool matched = tx.profile            ? eval_rule_profiled(tx, rule)
                   : tx.debug_enabled(9) ? eval_rule_timed(tx, rule)
                                         : eval_rule(tx, rule);
    if (perf_time) record_rule_time(tx, rule, perf_start, *perf_time);
    if (tx.intervention.disruptive()) return;
    // SecInterceptOnError On: a failed operator ends this phase's rules, as in v2.
    if (tx.rule_failed && tx.settings().stop_phase_on_error()) {
      tx.log->alert("ModSecurity: Rule processing failed; the remaining rules of phase " +
                    std::to_string(phase) + " are skipped (SecInterceptOnError On) [id \"" +
                    rule.id + "\"] [unique_id \"" + tx.unique_id + "\"]");
      return;
    }
    if (matched) {
      if (rule.actions.disruptive == Disruptive::kAllow &&
          tx.intervention.kind == Intervention::Kind::kAllow)
        return;  // allow (any scope) ends this phase
      if (!rule.actions.skip_after.empty()) {
        if (tx.debug_enabled(9))
          tx.debug(9, "Rule " + rule.id + ": skipAfter " + rule.actions.skip_after);
        i = plan[i].resume - 1;  // the loop's ++i lands on the entry after the target
      } else if (rule.actions.skip > 0) {
        skip = rule.actions.skip;
      }
    }
  }
}

}  // namespace rampart
