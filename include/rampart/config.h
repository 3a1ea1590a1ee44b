// Rampart's public configuration API. A Config is one configuration context (the main server, a
// vhost, a <Location> or <Directory>): the settings made in it and the rules defined in it, built
// by applying ModSecurity-style directives in order. Rules compile when their directive is applied
// (regexes JIT-compiled, phrase automata built, macros pre-parsed); after loading, a Config is
// immutable and shared by all threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rampart {

class CompileCache;  // rampart/compile_cache.h

struct SourceLocation {
  std::string file;
  int line = 0;
};

// A configuration error. to_string() gives "file:line: message", the form every tool prints.
struct ConfigError {
  SourceLocation where;
  std::string message;
  std::string to_string() const;
};

struct HashMethod;  // SecHashMethodRx/Pm, src/hash/hash_engine.h
struct ConnLimit;   // SecConnReadStateLimit/SecConnWriteStateLimit, src/config/conn_limits.cc
namespace lookups {
class GeoDb;         // SecGeoLookupDb, src/lookups/geo_db.h
struct RblResolver;  // SecRblResolver, src/lookups/dns.h
}  // namespace lookups

enum class EngineMode { kOff, kOn, kDetectionOnly };
enum class BodyLimitAction { kReject, kProcessPartial };
enum class UploadKeepFiles { kOff, kOn, kRelevantOnly };  // SecUploadKeepFiles

// Settings a context may set; unset fields inherit from the parent context on merge.
struct Settings {
  std::optional<EngineMode> engine;
  std::optional<bool> request_body_access;
  std::optional<bool> response_body_access;
  std::optional<size_t> request_body_limit;
  std::optional<size_t> request_body_no_files_limit;
  std::optional<BodyLimitAction> request_body_limit_action;
  std::optional<size_t> request_body_in_memory_limit;  // SecRequestBodyInMemoryLimit
  std::optional<bool> stream_in_body_inspection;       // SecStreamInBodyInspection
  std::optional<char> argument_separator;              // SecArgumentSeparator
  std::optional<size_t> json_depth_limit;              // SecRequestBodyJsonDepthLimit
  std::optional<size_t> arguments_limit;               // SecArgumentsLimit
  std::optional<size_t> response_body_limit;
  std::optional<BodyLimitAction> response_body_limit_action;
  std::optional<std::vector<std::string>> response_body_mime_types;
  bool response_body_mime_types_cleared = false;    // SecResponseBodyMimeTypesClear: no parent list
  std::optional<bool> stream_out_body_inspection;   // SecStreamOutBodyInspection
  std::optional<bool> content_injection;            // SecContentInjection
  std::optional<bool> disable_backend_compression;  // SecDisableBackendCompression
  std::optional<std::string> tmp_dir;
  // Multipart file uploads (src/config/upload_directives.cc)
  std::optional<std::string> upload_dir;             // SecUploadDir
  std::optional<UploadKeepFiles> upload_keep_files;  // SecUploadKeepFiles
  std::optional<int> upload_file_mode;               // SecUploadFileMode
  std::optional<size_t> upload_file_limit;           // SecUploadFileLimit
  std::optional<bool> tmp_save_uploaded_files;       // SecTmpSaveUploadedFiles
  std::optional<std::string> data_dir;
  std::optional<long long> collection_timeout;  // SecCollectionTimeout, seconds
  std::optional<std::string> web_app_id;        // SecWebAppId
  std::optional<size_t> collection_map_size;    // SecCollectionMapSize, bytes
  // SecCollectionStore: collection kind (IP, GLOBAL, …, upper case) -> "lmdb" or a Redis URL.
  std::optional<std::vector<std::pair<std::string, std::string>>> collection_stores;
  std::optional<int> collection_store_timeout_ms;        // SecCollectionStoreTimeout
  std::optional<bool> collection_store_fail_closed;      // SecCollectionStoreFailAction
  std::optional<std::string> collection_store_password;  // SecCollectionStorePasswordFile's text
  std::optional<std::string> debug_log;
  std::optional<int> debug_log_level;
  std::optional<uint32_t> pcre_match_limit;            // SecPcreMatchLimit
  std::optional<uint32_t> pcre_match_limit_recursion;  // SecPcreMatchLimitRecursion
  std::optional<int> cookie_format;                    // SecCookieFormat 0 or 1
  std::optional<char> cookie_separator;                // SecCookieV0Separator
  // src/config/server_directives.cc
  std::optional<bool> intercept_on_error;       // SecInterceptOnError
  std::optional<long long> rule_perf_time;      // SecRulePerfTime, microseconds
  std::optional<std::string> server_signature;  // SecServerSignature (main server only)
  std::optional<std::string> sensor_id;         // SecSensorId
  std::optional<bool> status_engine;            // SecStatusEngine (never phones home)
  // SecAlertLogFormat JSON: one "why blocked" record per transaction (src/log/verdict.h) in the
  // error log instead of a line per rule (Rampart's; v2 has only the per-rule lines).
  std::optional<bool> alert_log_json;
  // SecUnicodeMapFile: byte per code point U+0000..U+FFFF for t:urlDecodeUni, -1 unmapped
  std::shared_ptr<const std::vector<int16_t>> unicode_map;
  // SecConnEngine and the per-client connection-state limits (src/config/conn_limits.cc)
  std::optional<EngineMode> conn_engine;
  std::shared_ptr<const ConnLimit> conn_read_limit, conn_write_limit;
  // SecHashEngine and friends (src/config/hash_directives.cc, src/hash/)
  std::optional<bool> hash_engine;        // SecHashEngine, ctl:hashEngine
  std::optional<bool> hash_enforcement;   // ctl:hashEnforcement (On unless turned off)
  std::optional<std::string> hash_key;    // SecHashKey's text, or the random key of `rand`
  std::optional<int> hash_key_mode;       // 0 KeyOnly, 1 SessionID, 2 RemoteIP
  std::optional<std::string> hash_param;  // SecHashParam
  std::vector<std::shared_ptr<const HashMethod>> hash_methods;  // the parent's when none here
  std::vector<std::string> component_signatures;                // accumulated, as in v2
  // Lookups (src/config/lookup_directives.cc, src/lookups/)
  std::shared_ptr<const lookups::GeoDb> geo_db;              // SecGeoLookupDb, opened at load
  std::optional<std::string> httpbl_key;                     // SecHttpBlKey
  std::shared_ptr<const lookups::RblResolver> rbl_resolver;  // SecRblResolver (Rampart)

  // Fills every unset field from `parent`: how a child context (or a transaction's ctl:
  // overrides) sees the settings around it.
  void inherit(const Settings& parent);

  // Effective values, with ModSecurity v2's defaults where a setting was never made.
  EngineMode engine_mode() const { return engine.value_or(EngineMode::kOff); }
  bool inspect_request_body() const { return request_body_access.value_or(false); }
  bool inspect_response_body() const { return response_body_access.value_or(false); }
  size_t max_request_body() const { return request_body_limit.value_or(134217728); }
  size_t max_request_body_no_files() const { return request_body_no_files_limit.value_or(1048576); }
  BodyLimitAction on_request_body_limit() const {
    return request_body_limit_action.value_or(BodyLimitAction::kReject);
  }
  size_t max_request_body_in_memory() const {
    return request_body_in_memory_limit.value_or(131072);
  }
  bool inspect_stream_input() const { return stream_in_body_inspection.value_or(false); }
  char args_separator() const { return argument_separator.value_or('&'); }
  size_t max_json_depth() const { return json_depth_limit.value_or(10000); }
  size_t max_arguments() const { return arguments_limit.value_or(1000); }
  UploadKeepFiles keep_uploads() const { return upload_keep_files.value_or(UploadKeepFiles::kOff); }
  int upload_mode() const { return upload_file_mode.value_or(0600); }
  size_t max_upload_files() const { return upload_file_limit.value_or(100); }
  // FILES_TMP_CONTENT is filled only when the files are kept or saved, as in v2.
  bool upload_content_visible() const {
    return keep_uploads() != UploadKeepFiles::kOff || tmp_save_uploaded_files.value_or(false);
  }
  size_t max_response_body() const { return response_body_limit.value_or(524288); }
  BodyLimitAction on_response_body_limit() const {
    return response_body_limit_action.value_or(BodyLimitAction::kReject);
  }
  bool inspect_stream_output() const { return stream_out_body_inspection.value_or(false); }
  bool inject_content() const { return content_injection.value_or(false); }
  bool no_backend_compression() const { return disable_backend_compression.value_or(false); }
  long long collection_timeout_seconds() const { return collection_timeout.value_or(3600); }
  std::string_view webappid() const {
    if (web_app_id) return *web_app_id;
    return "default";
  }
  // v2's compiled-in defaults (1500); a limit hit is no match plus TX:MSC_PCRE_LIMITS_EXCEEDED.
  uint32_t regex_match_limit() const { return pcre_match_limit.value_or(1500); }
  uint32_t regex_depth_limit() const { return pcre_match_limit_recursion.value_or(1500); }
  int cookie_version() const { return cookie_format.value_or(0); }
  char cookie_v0_separator() const { return cookie_separator.value_or(';'); }
  bool stop_phase_on_error() const { return intercept_on_error.value_or(false); }
  EngineMode conn_engine_mode() const { return conn_engine.value_or(EngineMode::kOff); }
  // The most connections from `client_ip` that may be reading a request (write: processing
  // one) at the same time; 0 when no limit applies to that address.
  long conn_state_limit(bool write, std::string_view client_ip) const;
  bool hash_links() const { return hash_engine.value_or(false); }
  bool enforce_hashes() const { return hash_enforcement.value_or(true); }
  std::string_view hash_parameter() const {
    if (hash_param) return *hash_param;
    return "hmac";
  }
  size_t collection_map_bytes() const { return collection_map_size.value_or(size_t{64} << 20); }
  // The store URL of one collection kind ("lmdb" unless SecCollectionStore said otherwise).
  std::string_view collection_store_url(std::string_view kind) const;
  int collection_store_timeout() const { return collection_store_timeout_ms.value_or(100); }
  bool collection_store_refuses() const { return collection_store_fail_closed.value_or(false); }
  // True when a response of this Content-Type (parameters ignored) is buffered for phase 4.
  bool response_mime_type_inspected(std::string_view content_type) const;
};

class Config {
 public:
  Config();
  ~Config();
  Config(const Config&) = delete;
  Config& operator=(const Config&) = delete;

  // Applies one directive; `args` is the raw text after the directive name (continuation lines
  // already joined), tokenised here exactly as httpd's ap_getword_conf does. Directives that read
  // files (Include, @pmFromFile) resolve relative paths against where.file's directory.
  std::optional<ConfigError> apply(std::string_view directive, std::string_view args,
                                   const SourceLocation& where);

  // Reads a rule file outside httpd (rampart lint, tests): comments, continuation lines, Include
  // with globs, and every directive above. Apache-only directives are an error here unless
  // `ignore_unknown` is set, in which case lines this engine does not know are skipped.
  std::optional<ConfigError> load_file(const std::string& path, bool ignore_unknown = false);
  std::optional<ConfigError> load_string(std::string_view text, const std::string& name,
                                         bool ignore_unknown = false);

  // Rules applied from now on take compiled regexes and phrase automata from `cache` and leave
  // theirs in it, so that the next load of the same rules (httpd's second read of its
  // configuration, a graceful restart) does not compile them again.
  void use_compile_cache(std::shared_ptr<CompileCache> cache);

  // End-of-configuration checks: a chain left open is an error at its starter's file:line.
  std::optional<ConfigError> finish() const;

  // The child context as seen from inside the parent: child settings win, rules are inherited
  // (minus SecRuleRemoveById & co. made in the child) and the child's rules follow.
  static std::unique_ptr<Config> merge(const Config& parent, const Config& child);

  static bool is_directive(std::string_view name);
  static std::span<const std::string_view> directive_names();

  // Non-fatal findings of loading (deprecated directives and the like), each printed as
  // "file:line: warning: …" by rampart lint and at httpd startup.
  const std::vector<ConfigError>& warnings() const;
  // `rampart lint`'s static checks of the loaded rules (src/config/lint/): rules that can never
  // match, skipAfter without a marker after it, redundant t: steps, regexes prone to
  // catastrophic backtracking, ids in CRS's reserved range. Each is "file:line: warning: …".
  std::vector<ConfigError> lint() const;
  const Settings& settings() const;
  size_t rule_count() const;  // rules and markers, chain links counted once

  struct Impl;
  Impl& impl() { return *impl_; }
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace rampart
