// SecRuleInheritance, SecInterceptOnError, SecRulePerfTime, SecServerSignature, SecSensorId,
// SecStatusEngine; SecCacheTransformations and SecGuardianLog (deprecated: a warning); SecChrootDir
// (refused, with what to use instead).
#include <charconv>

#include "config/server_directives.h"
#include "engine/collection.h"

namespace rampart::config {

namespace {

std::optional<std::string> on_off(const DirectiveContext& ctx, std::optional<bool>& out) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "On")) {
    out = true;
  } else if (iequals(v, "Off")) {
    out = false;
  } else {
    return "takes On or Off, got '" + v + "'";
  }
  return std::nullopt;
}

}  // namespace

void warn(DirectiveContext& ctx, std::string message) {
  ctx.cfg.warnings.push_back(ConfigError{ctx.where, "warning: " + std::move(message)});
}

// Off: a child context (vhost, <Location>) starts without its parent's rules (Config::merge).
std::optional<std::string> handle_rule_inheritance(DirectiveContext& ctx) {
  return on_off(ctx, ctx.cfg.rule_inheritance);
}

// On: an operator that fails (Rampart's only such failure is a regex hitting SecPcreMatchLimit)
// ends the rules of the current phase, as v2's "Rule processing failed" does; the request itself
// is not denied by it.
std::optional<std::string> handle_intercept_on_error(DirectiveContext& ctx) {
  return on_off(ctx, ctx.cfg.settings.intercept_on_error);
}

// Rules slower than this many microseconds are listed in PERF_RULES.
std::optional<std::string> handle_rule_perf_time(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  long long us = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), us);
  if (ec != std::errc() || p != v.data() + v.size() || us <= 0)
    return "takes a time in microseconds (a positive whole number), got '" + v + "'";
  ctx.cfg.settings.rule_perf_time = us;
  return std::nullopt;
}

// The Server response header's text; apache/ puts it in httpd's banner (see
// docs/reference/directives.md for why httpd needs `ServerTokens Full`).
std::optional<std::string> handle_server_signature(DirectiveContext& ctx) {
  if (ctx.words[0].empty()) return "SecServerSignature takes the text of the Server header";
  ctx.cfg.settings.server_signature = ctx.words[0];
  return std::nullopt;
}

std::optional<std::string> handle_sensor_id(DirectiveContext& ctx) {
  ctx.cfg.settings.sensor_id = ctx.words[0];
  return std::nullopt;
}

// v2 sends anonymous statistics by DNS at startup when On. Rampart never does; the value is
// accepted so v2's recommended configuration loads, and On says so once at startup.
std::optional<std::string> handle_status_engine(DirectiveContext& ctx) {
  if (auto err = on_off(ctx, ctx.cfg.settings.status_engine)) return err;
  if (*ctx.cfg.settings.status_engine)
    warn(ctx, "SecStatusEngine On: Rampart never sends status reports; the setting has no effect");
  return std::nullopt;
}

// Native: v2's bracketed line per rule (fail2ban and log pipelines read those). JSON: one record
// per transaction at phase 5 with every match and the final scores (src/log/verdict.h).
std::optional<std::string> handle_alert_log_format(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "Native")) {
    ctx.cfg.settings.alert_log_json = false;
  } else if (iequals(v, "JSON")) {
    ctx.cfg.settings.alert_log_json = true;
  } else {
    return "takes Native or JSON, got '" + v + "'";
  }
  return std::nullopt;
}

// v2 deprecated it; Rampart always caches transformation results per transaction.
std::optional<std::string> handle_cache_transformations(DirectiveContext& ctx) {
  std::optional<bool> value;
  if (auto err = on_off(ctx, value)) return err;
  warn(ctx,
       "SecCacheTransformations is deprecated and ignored: Rampart always caches transformation "
       "results; remove the line");
  return std::nullopt;
}

// v2 pipes every request to the httpd-guardian script; that script is long gone and the
// directive deprecated. Rampart writes nothing there.
std::optional<std::string> handle_guardian_log(DirectiveContext& ctx) {
  warn(ctx, "SecGuardianLog is deprecated and ignored: nothing is written to '" + ctx.words[0] +
                "'; use SecAuditLog or fail2ban on the error log (docs/unsupported.md)");
  return std::nullopt;
}

// A module that calls chroot() under httpd breaks every module loaded after it; httpd 2.4 has
// its own ChrootDir, which does it at the right moment.
std::optional<std::string> handle_chroot_dir(DirectiveContext& ctx) {
  return "SecChrootDir is not supported: use httpd's own 'ChrootDir " + ctx.words[0] +
         "' (mpm_common), which chroots at the right point of startup";
}

}  // namespace rampart::config
