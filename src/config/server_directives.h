// Directives about the server and the engine's own behaviour that are not rules, bodies, logs or
// collections: SecRuleInheritance, SecInterceptOnError, SecRulePerfTime, SecServerSignature,
// SecSensorId, SecStatusEngine, the deprecated ones that only warn, and the ones Rampart refuses
// with a reason (SecChrootDir); the connection limits (conn_limits.cc). Also
// SecUnicodeMapFile/SecUnicodeCodePage (unicode_map_directives.cc), SecRemoteRules
// (remote_rules.cc) and SecHash* (hash_directives.cc).
#pragma once

#include "config/directives.h"

namespace rampart::config {

std::optional<std::string> handle_rule_inheritance(DirectiveContext& ctx);
std::optional<std::string> handle_intercept_on_error(DirectiveContext& ctx);
std::optional<std::string> handle_rule_perf_time(DirectiveContext& ctx);
std::optional<std::string> handle_server_signature(DirectiveContext& ctx);
std::optional<std::string> handle_sensor_id(DirectiveContext& ctx);
std::optional<std::string> handle_status_engine(DirectiveContext& ctx);
std::optional<std::string> handle_alert_log_format(DirectiveContext& ctx);
std::optional<std::string> handle_cache_transformations(DirectiveContext& ctx);
std::optional<std::string> handle_guardian_log(DirectiveContext& ctx);
std::optional<std::string> handle_chroot_dir(DirectiveContext& ctx);
// conn_limits.cc
std::optional<std::string> handle_conn_engine(DirectiveContext& ctx);
std::optional<std::string> handle_conn_read_state_limit(DirectiveContext& ctx);
std::optional<std::string> handle_conn_write_state_limit(DirectiveContext& ctx);
std::optional<std::string> handle_read_state_limit(DirectiveContext& ctx);   // deprecated
std::optional<std::string> handle_write_state_limit(DirectiveContext& ctx);  // deprecated

// unicode_map_directives.cc
std::optional<std::string> handle_unicode_map_file(DirectiveContext& ctx);
std::optional<std::string> handle_unicode_code_page(DirectiveContext& ctx);

// remote_rules.cc
std::optional<std::string> handle_remote_rules(DirectiveContext& ctx);
std::optional<std::string> handle_remote_rules_fail_action(DirectiveContext& ctx);

// hash_directives.cc
std::optional<std::string> handle_hash_engine(DirectiveContext& ctx);
std::optional<std::string> handle_hash_key(DirectiveContext& ctx);
std::optional<std::string> handle_hash_param(DirectiveContext& ctx);
std::optional<std::string> handle_hash_method_rx(DirectiveContext& ctx);
std::optional<std::string> handle_hash_method_pm(DirectiveContext& ctx);

// Records "file:line: warning: <message>" for rampart lint and httpd's startup log.
void warn(DirectiveContext& ctx, std::string message);

}  // namespace rampart::config
