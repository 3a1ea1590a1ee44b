// SecAuditEngine, SecAuditLog, SecAuditLog2, SecAuditLogParts, SecAuditLogRelevantStatus,
// SecAuditLogType, SecAuditLogStorageDir, SecAuditLogDirMode, SecAuditLogFileMode and
// SecAuditLogFormat. Log files are opened here, at config time, so a path that cannot be written
// stops httpd at startup with file:line instead of failing on every request.
#include "config/audit_directives.h"

#include <filesystem>

#include "engine/collection.h"
#include "log/audit_writer.h"

namespace rampart::config {

namespace {

// Relative paths are taken from the directory of the file that names them (as SecDebugLog).
std::string resolve(const DirectiveContext& ctx, const std::string& p) {
  std::filesystem::path path(p);
  if (path.is_relative()) path = std::filesystem::path(ctx.where.file).parent_path() / path;
  return path.string();
}

std::optional<std::string> open_log(DirectiveContext& ctx,
                                    std::shared_ptr<const log::AuditLogFile>& out,
                                    std::string_view directive) {
  std::string target = ctx.words[0];
  if (target.empty() || target[0] != '|') target = resolve(ctx, target);
  std::string error;
  auto file = log::AuditLogFile::open(target, error);
  if (!file) {
    return std::string(directive) + ": " + error +
           " (check that the directory exists and is writable, or that the program exists)";
  }
  out = std::move(file);
  return std::nullopt;
}

std::optional<std::string> parse_mode(const DirectiveContext& ctx, std::optional<int>& out) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "default")) {
    out.reset();
    return std::nullopt;
  }
  int mode = 0;
  bool ok = !v.empty() && v.size() <= 4;
  for (char c : v) {
    ok = ok && c >= '0' && c <= '7';
    mode = mode * 8 + (c - '0');
  }
  if (!ok) return "takes an octal mode such as 0640 (or 'default'), got '" + v + "'";
  out = mode;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> handle_audit_engine(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  auto& engine = ctx.cfg.audit.engine;
  if (iequals(v, "On")) {
    engine = log::AuditEngine::kOn;
  } else if (iequals(v, "Off")) {
    engine = log::AuditEngine::kOff;
  } else if (iequals(v, "RelevantOnly")) {
    engine = log::AuditEngine::kRelevantOnly;
  } else {
    return "takes On, Off or RelevantOnly, got '" + v + "'";
  }
  return std::nullopt;
}

std::optional<std::string> handle_audit_log(DirectiveContext& ctx) {
  return open_log(ctx, ctx.cfg.audit.log, "SecAuditLog");
}

std::optional<std::string> handle_audit_log2(DirectiveContext& ctx) {
  return open_log(ctx, ctx.cfg.audit.log2, "SecAuditLog2");
}

std::optional<std::string> handle_audit_log_parts(DirectiveContext& ctx) {
  std::string error = log::check_parts(ctx.words[0]);
  if (!error.empty()) return error;
  ctx.cfg.audit.parts = ctx.words[0];
  return std::nullopt;
}

std::optional<std::string> handle_audit_log_relevant_status(DirectiveContext& ctx) {
  std::string error;
  auto re = Regex::compile(ctx.words[0], 0, error);
  if (!re) {
    return "SecAuditLogRelevantStatus: bad regular expression '" + ctx.words[0] + "': " + error +
           " (e.g. \"^(?:5|4(?!04))\")";
  }
  ctx.cfg.audit.relevant_status = std::move(re);
  return std::nullopt;
}

std::optional<std::string> handle_audit_log_type(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "Serial")) {
    ctx.cfg.audit.type = log::AuditType::kSerial;
  } else if (iequals(v, "Concurrent")) {
    ctx.cfg.audit.type = log::AuditType::kConcurrent;
  } else {
    return "takes Serial or Concurrent, got '" + v + "'";
  }
  return std::nullopt;
}

std::optional<std::string> handle_audit_log_storage_dir(DirectiveContext& ctx) {
  std::string dir = resolve(ctx, ctx.words[0]);
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    return "SecAuditLogStorageDir: '" + dir +
           "' is not a directory (create it, writable by the user httpd's children run as)";
  }
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  ctx.cfg.audit.storage_dir = dir;
  return std::nullopt;
}

std::optional<std::string> handle_audit_log_dir_mode(DirectiveContext& ctx) {
  return parse_mode(ctx, ctx.cfg.audit.dir_mode);
}

std::optional<std::string> handle_audit_log_file_mode(DirectiveContext& ctx) {
  return parse_mode(ctx, ctx.cfg.audit.file_mode);
}

std::optional<std::string> handle_audit_log_format(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "Native")) {
    ctx.cfg.audit.format = log::AuditFormat::kNative;
  } else if (iequals(v, "JSON")) {
    ctx.cfg.audit.format = log::AuditFormat::kJson;
  } else {
    return "takes Native or JSON, got '" + v + "'";
  }
  return std::nullopt;
}

}  // namespace rampart::config
