// The directive table and the handlers of the directives that only set a value.
#include "config/directives.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>

#include "config/audit_directives.h"
#include "config/collection_directives.h"
#include "config/collection_store_directives.h"
#include "config/directive_handlers.h"
#include "config/engine_directives.h"
#include "config/lookup_directives.h"
#include "config/server_directives.h"
#include "config/upload_directives.h"
#include "engine/collection.h"

namespace rampart::config {

namespace {

std::optional<std::string> parse_on_off(const DirectiveContext& ctx, std::optional<bool>& out) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "On")) {
    out = true;
  } else if (iequals(v, "Off")) {
    out = false;
  } else {
    return std::string("takes On or Off, got '") + v + "'";
  }
  return std::nullopt;
}

std::optional<std::string> parse_size(const DirectiveContext& ctx, std::optional<size_t>& out) {
  const std::string& v = ctx.words[0];
  size_t n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n == 0)
    return "takes a size in bytes (a positive whole number), got '" + v + "'";
  out = n;
  return std::nullopt;
}

std::optional<std::string> parse_limit_action(const DirectiveContext& ctx,
                                              std::optional<BodyLimitAction>& out) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "Reject")) {
    out = BodyLimitAction::kReject;
  } else if (iequals(v, "ProcessPartial")) {
    out = BodyLimitAction::kProcessPartial;
  } else {
    return "takes Reject or ProcessPartial, got '" + v + "'";
  }
  return std::nullopt;
}

std::optional<std::string> rule_engine(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "On")) {
    ctx.cfg.settings.engine = EngineMode::kOn;
  } else if (iequals(v, "Off")) {
    ctx.cfg.settings.engine = EngineMode::kOff;
  } else if (iequals(v, "DetectionOnly")) {
    ctx.cfg.settings.engine = EngineMode::kDetectionOnly;
  } else {
    return "takes On, Off or DetectionOnly, got '" + v + "'";
  }
  return std::nullopt;
}

std::optional<std::string> request_body_access(DirectiveContext& ctx) {
  return parse_on_off(ctx, ctx.cfg.settings.request_body_access);
}
std::optional<std::string> response_body_access(DirectiveContext& ctx) {
  return parse_on_off(ctx, ctx.cfg.settings.response_body_access);
}
std::optional<std::string> request_body_limit(DirectiveContext& ctx) {
  return parse_size(ctx, ctx.cfg.settings.request_body_limit);
}
std::optional<std::string> request_body_no_files_limit(DirectiveContext& ctx) {
  return parse_size(ctx, ctx.cfg.settings.request_body_no_files_limit);
}
std::optional<std::string> request_body_limit_action(DirectiveContext& ctx) {
  return parse_limit_action(ctx, ctx.cfg.settings.request_body_limit_action);
}
std::optional<std::string> request_body_in_memory_limit(DirectiveContext& ctx) {
  return parse_size(ctx, ctx.cfg.settings.request_body_in_memory_limit);
}
// Bounds on what a JSON body may cost (src/body/json.cc); SecArgumentsLimit counts all ARGS.
std::optional<std::string> json_depth_limit(DirectiveContext& ctx) {
  return parse_size(ctx, ctx.cfg.settings.json_depth_limit);
}
std::optional<std::string> arguments_limit(DirectiveContext& ctx) {
  return parse_size(ctx, ctx.cfg.settings.arguments_limit);
}
// The XML processor never loads external entities (XXE): Off, v2's default, is all there is.
std::optional<std::string> xml_external_entity(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "Off")) return std::nullopt;
  if (iequals(v, "On")) return "On is not supported: external entities are never loaded (XXE)";
  return "takes On or Off, got '" + v + "'";
}
std::optional<std::string> stream_in_body_inspection(DirectiveContext& ctx) {
  return parse_on_off(ctx, ctx.cfg.settings.stream_in_body_inspection);
}
// One character, as in v2 (which separates both the query string and URLENCODED bodies by it).
std::optional<std::string> argument_separator(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (v.size() != 1) return "takes a single character such as & or ;, got '" + v + "'";
  ctx.cfg.settings.argument_separator = v[0];
  return std::nullopt;
}
std::optional<std::string> response_body_limit(DirectiveContext& ctx) {
  return parse_size(ctx, ctx.cfg.settings.response_body_limit);
}
std::optional<std::string> response_body_limit_action(DirectiveContext& ctx) {
  return parse_limit_action(ctx, ctx.cfg.settings.response_body_limit_action);
}

std::optional<std::string> response_body_mime_type(DirectiveContext& ctx) {
  // Each use adds to this context's list, as in ModSecurity v2.
  auto& types = ctx.cfg.settings.response_body_mime_types;
  if (!types) types.emplace();
  for (const std::string& w : ctx.words) types->push_back(to_lower(w));
  return std::nullopt;
}

// Empties this context's list and stops it inheriting the parent's, as in ModSecurity v2.
std::optional<std::string> response_body_mime_types_clear(DirectiveContext& ctx) {
  ctx.cfg.settings.response_body_mime_types.emplace();
  ctx.cfg.settings.response_body_mime_types_cleared = true;
  return std::nullopt;
}
std::optional<std::string> stream_out_body_inspection(DirectiveContext& ctx) {
  return parse_on_off(ctx, ctx.cfg.settings.stream_out_body_inspection);
}
std::optional<std::string> content_injection(DirectiveContext& ctx) {
  return parse_on_off(ctx, ctx.cfg.settings.content_injection);
}
std::optional<std::string> disable_backend_compression(DirectiveContext& ctx) {
  return parse_on_off(ctx, ctx.cfg.settings.disable_backend_compression);
}

std::optional<std::string> component_signature(DirectiveContext& ctx) {
  ctx.cfg.settings.component_signatures.push_back(ctx.words[0]);
  return std::nullopt;
}
std::optional<std::string> tmp_dir(DirectiveContext& ctx) {
  ctx.cfg.settings.tmp_dir = ctx.words[0];
  return std::nullopt;
}
std::optional<std::string> data_dir(DirectiveContext& ctx) {
  ctx.cfg.settings.data_dir = ctx.words[0];
  return std::nullopt;
}
// Relative paths are taken from the directory of the file that names them.
std::optional<std::string> debug_log(DirectiveContext& ctx) {
  std::filesystem::path path(ctx.words[0]);
  if (path.is_relative()) path = std::filesystem::path(ctx.where.file).parent_path() / path;
  std::string error;
  auto file = log::DebugLogFile::open(path.string(), error);
  if (!file) return "SecDebugLog: " + error + " (check the directory exists and is writable)";
  ctx.cfg.settings.debug_log = path.string();
  ctx.cfg.debug_log = std::move(file);
  return std::nullopt;
}
std::optional<std::string> debug_log_level(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (v.size() != 1 || v[0] < '0' || v[0] > '9') return "takes a level 0-9, got '" + v + "'";
  ctx.cfg.settings.debug_log_level = v[0] - '0';
  return std::nullopt;
}

constexpr DirectiveDef kDirectives[] = {
    {"SecRuleEngine", 1, 1, rule_engine},
    {"SecRule", 2, 3, handle_sec_rule},
    {"SecAction", 1, 1, handle_sec_action},
    {"SecRuleScript", 1, 2, handle_sec_rule_script},
    {"SecDefaultAction", 1, 1, handle_sec_default_action},
    {"SecMarker", 1, 1, handle_sec_marker},
    {"SecRuleRemoveById", 1, -1, handle_sec_rule_remove_by_id},
    {"SecRuleRemoveByTag", 1, 1, handle_sec_rule_remove_by_tag},
    {"SecRuleRemoveByMsg", 1, 1, handle_sec_rule_remove_by_msg},
    {"SecRuleUpdateTargetById", 2, 3, handle_sec_rule_update_target_by_id},
    {"SecRuleUpdateTargetByTag", 2, 3, handle_sec_rule_update_target_by_tag},
    {"SecRuleUpdateTargetByMsg", 2, 3, handle_sec_rule_update_target_by_msg},
    {"SecRuleUpdateActionById", 2, 2, handle_sec_rule_update_action_by_id},
    {"SecRequestBodyAccess", 1, 1, request_body_access},
    {"SecResponseBodyAccess", 1, 1, response_body_access},
    {"SecRequestBodyLimit", 1, 1, request_body_limit},
    {"SecRequestBodyNoFilesLimit", 1, 1, request_body_no_files_limit},
    {"SecRequestBodyLimitAction", 1, 1, request_body_limit_action},
    {"SecRequestBodyInMemoryLimit", 1, 1, request_body_in_memory_limit},
    {"SecStreamInBodyInspection", 1, 1, stream_in_body_inspection},
    {"SecArgumentSeparator", 1, 1, argument_separator},
    {"SecRequestBodyJsonDepthLimit", 1, 1, json_depth_limit},
    {"SecArgumentsLimit", 1, 1, arguments_limit},
    {"SecXmlExternalEntity", 1, 1, xml_external_entity},
    {"SecResponseBodyLimit", 1, 1, response_body_limit},
    {"SecResponseBodyLimitAction", 1, 1, response_body_limit_action},
    {"SecResponseBodyMimeType", 1, -1, response_body_mime_type},
    {"SecResponseBodyMimeTypesClear", 0, 0, response_body_mime_types_clear},
    {"SecStreamOutBodyInspection", 1, 1, stream_out_body_inspection},
    {"SecContentInjection", 1, 1, content_injection},
    {"SecDisableBackendCompression", 1, 1, disable_backend_compression},
    {"SecComponentSignature", 1, 1, component_signature},
    {"SecTmpDir", 1, 1, tmp_dir},
    {"SecUploadDir", 1, 1, handle_upload_dir},
    {"SecUploadKeepFiles", 1, 1, handle_upload_keep_files},
    {"SecUploadFileMode", 1, 1, handle_upload_file_mode},
    {"SecUploadFileLimit", 1, 1, handle_upload_file_limit},
    {"SecTmpSaveUploadedFiles", 1, 1, handle_tmp_save_uploaded_files},
    {"SecDataDir", 1, 1, data_dir},
    {"SecCollectionTimeout", 1, 1, collection_timeout},
    {"SecWebAppId", 1, 1, web_app_id},
    {"SecCollectionMapSize", 1, 1, collection_map_size},
    {"SecCollectionStore", 2, 2, collection_store},
    {"SecCollectionStoreTimeout", 1, 1, collection_store_timeout},
    {"SecCollectionStoreFailAction", 1, 1, collection_store_fail_action},
    {"SecCollectionStorePasswordFile", 1, 1, collection_store_password_file},
    {"SecDebugLog", 1, 1, debug_log},
    {"SecDebugLogLevel", 1, 1, debug_log_level},
    {"SecPcreMatchLimit", 1, 1, handle_pcre_match_limit},
    {"SecPcreMatchLimitRecursion", 1, 1, handle_pcre_match_limit_recursion},
    {"SecCookieFormat", 1, 1, handle_cookie_format},
    {"SecCookieV0Separator", 1, 1, handle_cookie_v0_separator},
    {"SecRuleInheritance", 1, 1, handle_rule_inheritance},
    {"SecInterceptOnError", 1, 1, handle_intercept_on_error},
    {"SecRulePerfTime", 1, 1, handle_rule_perf_time},
    {"SecServerSignature", 1, 1, handle_server_signature},
    {"SecSensorId", 1, 1, handle_sensor_id},
    {"SecStatusEngine", 1, 1, handle_status_engine},
    {"SecAlertLogFormat", 1, 1, handle_alert_log_format},
    {"SecCacheTransformations", 1, 2, handle_cache_transformations},
    {"SecGuardianLog", 1, 1, handle_guardian_log},
    {"SecChrootDir", 1, 1, handle_chroot_dir},
    {"SecConnEngine", 1, 1, handle_conn_engine},
    {"SecConnReadStateLimit", 1, 2, handle_conn_read_state_limit},
    {"SecReadStateLimit", 1, 2, handle_read_state_limit},
    {"SecConnWriteStateLimit", 1, 2, handle_conn_write_state_limit},
    {"SecWriteStateLimit", 1, 2, handle_write_state_limit},
    {"SecUnicodeMapFile", 1, 2, handle_unicode_map_file},
    {"SecUnicodeCodePage", 1, 1, handle_unicode_code_page},
    {"SecRemoteRules", 2, 3, handle_remote_rules},
    {"SecRemoteRulesFailAction", 1, 1, handle_remote_rules_fail_action},
    {"SecHashEngine", 1, 1, handle_hash_engine},
    {"SecHashKey", 1, 2, handle_hash_key},
    {"SecHashParam", 1, 1, handle_hash_param},
    {"SecHashMethodRx", 2, 2, handle_hash_method_rx},
    {"SecHashMethodPm", 2, 2, handle_hash_method_pm},
    {"SecAuditEngine", 1, 1, handle_audit_engine},
    {"SecAuditLog", 1, 1, handle_audit_log},
    {"SecAuditLog2", 1, 1, handle_audit_log2},
    {"SecAuditLogParts", 1, 1, handle_audit_log_parts},
    {"SecAuditLogRelevantStatus", 1, 1, handle_audit_log_relevant_status},
    {"SecAuditLogType", 1, 1, handle_audit_log_type},
    {"SecAuditLogStorageDir", 1, 1, handle_audit_log_storage_dir},
    {"SecAuditLogDirMode", 1, 1, handle_audit_log_dir_mode},
    {"SecAuditLogFileMode", 1, 1, handle_audit_log_file_mode},
    {"SecAuditLogFormat", 1, 1, handle_audit_log_format},
    {"SecGeoLookupDb", 1, 1, handle_geo_lookup_db},
    {"SecGsbLookupDb", 1, 1, handle_gsb_lookup_db},
    {"SecHttpBlKey", 1, 1, handle_httpbl_key},
    {"SecRblResolver", 1, 2, handle_rbl_resolver},
};

constexpr auto kNames = [] {
  std::array<std::string_view, std::size(kDirectives)> names{};
  for (size_t i = 0; i < names.size(); ++i) names[i] = kDirectives[i].name;
  return names;
}();

}  // namespace

const DirectiveDef* find_directive(std::string_view name) {
  for (const DirectiveDef& d : kDirectives)
    if (iequals(d.name, name)) return &d;
  return nullptr;
}

std::span<const std::string_view> directive_names() {
  return kNames;
}

}  // namespace rampart::config
