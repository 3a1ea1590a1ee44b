// Everything one transaction knows: request and response data (views into the connector's
// memory), parsed arguments, TX, match state. Variables read it; actions write it.
#pragma once

#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "body/inflate.h"
#include "body/processor.h"
#include "collections/transaction_collections.h"
#include "engine/collection.h"
#include "engine/matched_vars.h"
#include "engine/profile.h"
#include "engine/regex.h"
#include "engine/rule_matcher.h"
#include "engine/seeded_hash.h"
#include "engine/string_arena.h"
#include "engine/transform_cache.h"
#include "engine/value_memo.h"
#include "log/audit_state.h"
#include "rampart/config.h"
#include "rampart/transaction.h"
#include "variables/select.h"

namespace rampart {

struct Rule;
struct Target;

struct Param {
  std::string_view name, value;
  // SeededHash of name and value, made once when an argument is added (hashed_param) so that
  // the rules that test it do not hash it again, each for its memo and its transformation-cache
  // lookups; 0 where nobody made them (headers, cookies), and then the evaluator hashes.
  uint64_t name_hash = 0, value_hash = 0;
};

inline Param hashed_param(std::string_view name, std::string_view value) {
  SeededHash hash;
  return Param{name, value, hash(name), hash(value)};
}

struct TransactionState {
  TransactionState(const Config& config, LogSink& log);

  const Config* config;
  LogSink* log;
  mutable RegexScratch scratch;  // per-transaction match state; rules are evaluated by one thread

  // Owns strings the engine made (decoded arguments, numbers as text), in place until the end.
  mutable StringArena storage;
  std::string_view keep(std::string_view s) const { return storage.copy(s); }
  // Text made in place in `storage`: StringArena::write.
  template <typename Fill>
  std::string_view keep_written(size_t max, Fill fill) const {
    return storage.write(max, fill);
  }
  // Buffers replaced while something may still view them (@rsub's rewrites), freed at the end.
  std::deque<std::string> retired;

  // ---- request ----
  std::string_view remote_addr, server_addr;
  int remote_port = 0, server_port = 0;
  std::string_view request_line, method, uri_raw, protocol;
  std::string_view path, query, decoded_uri, hostname;
  std::string unique_id;
  std::vector<Param> request_headers;
  std::vector<Param> env;
  std::vector<Param> args_get, args_post;
  std::vector<Param> args_json;  // JSON body arguments: in ARGS but not ARGS_POST, as in v2
  std::vector<Param> cookies;
  // The raw body as the engine keeps it: its first min(SecRequestBodyLimit,
  // SecRequestBodyNoFilesLimit) bytes, whatever the processor (REQUEST_BODY, audit part C). File
  // content beyond that is never kept here; the connector spills it to SecTmpDir.
  std::string request_body;
  size_t request_body_length = 0;          // every byte the connector handed over, kept or not
  bool request_body_limit_hit = false;     // SecRequestBodyLimit reached (INBOUND_DATA_ERROR)
  bool request_body_no_files_hit = false;  // SecRequestBodyNoFilesLimit reached
  bool request_body_limit_logged = false;  // the limit line is out (once per request)
  bool urlencoded_error = false;           // an invalid %-escape in the query or a URLENCODED body
  // "URLENCODED" …: chosen by Content-Type before phase 1, changed by ctl:requestBodyProcessor;
  // empty when none applies.
  std::string reqbody_processor;
  std::unique_ptr<body::Processor> body_processor;  // made with the first body chunk
  bool reqbody_error = false;
  std::string reqbody_error_msg;
  bool request_body_processed = false;
  bool force_request_body_variable = false;

  // Known only to the connector (server_vars.cc): USERAGENT_IP, AUTH_TYPE, SCRIPT_* …
  std::string_view useragent_ip;
  ServerVariables server_vars;
  std::vector<std::string_view> webserver_errors;  // WEBSERVER_ERROR_LOG

  // ---- response ----
  int response_status = 0;
  std::string_view response_protocol;
  std::string_view status_line;  // STATUS_LINE, as the connector gives it
  std::vector<Param> response_headers;
  std::string response_body;
  size_t response_body_length = 0;
  // Response body decoding (src/body/inflate.h): set up with the first body chunk when the
  // backend sent Content-Encoding gzip or deflate; response_body then holds the decoded copy.
  std::unique_ptr<body::Inflater> response_inflater;
  bool response_coding_checked = false;
  bool response_body_limited = false;  // SecResponseBodyLimit reached: response_body is a prefix
  // SecContentInjection: the prepend/append actions' text, macros expanded.
  std::string content_prepend, content_append;

  // SecStreamInBodyInspection / SecStreamOutBodyInspection: STREAM_INPUT_BODY and
  // STREAM_OUTPUT_BODY, which @rsub may rewrite; when `*_modified` is set the connector sends
  // this text instead of the original body.
  std::string stream_input_body, stream_output_body;
  bool stream_input_modified = false, stream_output_modified = false;

  // ---- rule state ----
  Collection tx{128};                              // TX
  collections::TransactionCollections persistent;  // IP, GLOBAL, RESOURCE, SESSION, USER
  std::string matched_var, matched_var_name;
  MatchedVars matched_vars;
  int highest_severity = 255;
  const Rule* current_rule = nullptr;     // the rule or chain link being evaluated
  const Rule* current_starter = nullptr;  // its chain starter (the rule itself when not chained)
  int phase = 0;                          // phase being run
  bool rule_failed = false;  // an operator failed in the current rule (SecInterceptOnError)
  // SecRulePerfTime: rules that took longer, id -> microseconds (PERF_RULES), in order.
  std::vector<std::pair<std::string, long long>> perf_rules;
  // rampart replay --profile: where rule time goes (src/engine/profile.h); null otherwise.
  Profile* profile = nullptr;
  Profile::RuleTimes* profiled_rule = nullptr;  // the entry of the rule being evaluated
  int64_t rule_points = 0;  // anomaly points the current rule's matches added (log/verdict.h)
  std::vector<RuleMatcher> removed_rules;  // ctl:ruleRemoveById/ByTag/ByMsg
  // ctl:ruleRemoveTargetById/ByTag/ByMsg: owned by the ctl actions of the rule set
  std::vector<const TargetRemoval*> removed_targets;
  // GEO: what the last successful @geoLookup found (src/operators/geo_lookup.cc). Mutable
  // because operators see the transaction as const; only @geoLookup writes it.
  mutable Collection geo;
  // setenv: changes for httpd's subprocess environment, in order (Transaction::env_changes()).
  std::vector<EnvChange> env_changes;

  // ctl: setting changes for this transaction only (ruleEngine, requestBodyAccess, …). Inline:
  // the evaluator asks for every rule.
  const Settings& settings() const {
    return has_overrides ? effective_settings() : *base_settings_;
  }
  Settings& change_settings() {
    has_overrides = true;
    effective_.reset();
    return overrides;
  }
  Intervention intervention;
  bool allow_request = false;  // allow:request: skip to phase 3
  bool allow_all = false;      // allow: skip phases 1-4
  std::chrono::system_clock::time_point started = std::chrono::system_clock::now();
  log::AuditState audit;  // what the audit log entry needs (src/log/audit_state.h)

  // Transformation cache (src/engine/transform_cache.h); the inputs and outputs it stores are
  // copies in `storage`.
  TransformCache transform_cache;
  // Reused by the evaluator from rule to rule, so that their capacity stays: a rule's selected
  // values, the name of the value under test ("ARGS:foo"), a value's transformation stages.
  // `in_use` while a rule is evaluated; a nested evaluation (none today) would use its own.
  struct RuleScratch {
    std::vector<variables::Selected> selected;
    std::string name;
    std::vector<TransformStage> stages;
    bool in_use = false;
  } rule_scratch;
  ValueMemo memo;  // the values the rule under evaluation tested without a match
  mutable std::vector<variables::Field> field_pool;  // variables::select's, kept likewise

  // Settings as changed by ctl; `effective_` caches overrides over the config's settings.
  Settings overrides;
  bool has_overrides = false;
  mutable std::optional<Settings> effective_;
  const Settings& effective_settings() const;
  // Switches to another configuration context (the per-directory one before phase 2): `config`
  // and what is kept at hand from it below.
  void use_config(const Config& cfg);
  const Settings* base_settings_ = nullptr;  // config's settings
  bool has_debug_log_ = false;               // config names a debug log (SecDebugLog)

  // All arguments, GET first then the body's, in order (the ARGS collection).
  template <typename F>
  void for_each_arg(F&& f) const {
    for (const Param& p : args_get) f(p);
    for (const Param& p : args_post) f(p);
    for (const Param& p : args_json) f(p);
  }
  // Debug log (SecDebugLog/SecDebugLogLevel). Check debug_enabled() before building a message;
  // without a debug log that is one test, made for every rule and value.
  bool debug_enabled(int level) const {
    return has_debug_log_ && level <= settings().debug_log_level.value_or(0);
  }
  void debug(int level, std::string_view message) const;

  std::string_view request_header(std::string_view name) const;
  std::string_view response_header(std::string_view name) const;
};

}  // namespace rampart
