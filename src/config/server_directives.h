// Directives about the server and the engine's own behaviour that are not rules, bodies, logs or
// collections: SecRuleInheritance, SecInterceptOnError, SecRulePerfTime, SecServerSignature,
// SecSensorId, SecStatusEngine, the deprecated ones that only warn, and the ones Rampart refuses
// with a reason (SecChrootDir, the connection limits). Also SecUnicodeMapFile/SecUnicodeCodePage
// (unicode_map_directives.cc) and SecRemoteRules (remote_rules.cc).
#pragma once

#include "config/directives.h"

namespace rampart::config {

std::optional<std::string> handle_rule_inheritance(DirectiveContext& ctx);
std::optional<std::string> handle_intercept_on_error(DirectiveContext& ctx);
std::optional<std::string> handle_rule_perf_time(DirectiveContext& ctx);
std::optional<std::string> handle_server_signature(DirectiveContext& ctx);
std::optional<std::string> handle_sensor_id(DirectiveContext& ctx);
std::optional<std::string> handle_status_engine(DirectiveContext& ctx);
std::optional<std::string> handle_cache_transformations(DirectiveContext& ctx);
std::optional<std::string> handle_guardian_log(DirectiveContext& ctx);
std::optional<std::string> handle_chroot_dir(DirectiveContext& ctx);
std::optional<std::string> handle_conn_engine(DirectiveContext& ctx);
std::optional<std::string> handle_conn_read_state_limit(DirectiveContext& ctx);
std::optional<std::string> handle_conn_write_state_limit(DirectiveContext& ctx);

// unicode_map_directives.cc
std::optional<std::string> handle_unicode_map_file(DirectiveContext& ctx);
std::optional<std::string> handle_unicode_code_page(DirectiveContext& ctx);

// remote_rules.cc
std::optional<std::string> handle_remote_rules(DirectiveContext& ctx);
std::optional<std::string> handle_remote_rules_fail_action(DirectiveContext& ctx);

// Records "file:line: warning: <message>" for rampart lint and httpd's startup log.
void warn(DirectiveContext& ctx, std::string message);

}  // namespace rampart::config
