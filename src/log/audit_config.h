// The SecAuditLog* settings of one configuration context. Unset fields inherit from the parent
// context on merge, like every other setting; the log files are opened at config time (before
// httpd forks) and shared, read-only, by every context that inherits them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/regex.h"

namespace rampart::log {

class AuditLogFile;  // audit_writer.h

enum class AuditEngine { kOff, kOn, kRelevantOnly };
enum class AuditType { kSerial, kConcurrent };
enum class AuditFormat { kNative, kJson };

// ModSecurity v2's default part list.
inline constexpr std::string_view kDefaultAuditParts = "ABCFHZ";

struct AuditConfig {
  std::optional<AuditEngine> engine;
  std::optional<std::string> parts;
  std::shared_ptr<const Regex> relevant_status;  // SecAuditLogRelevantStatus; null when unset
  std::optional<AuditType> type;
  std::optional<AuditFormat> format;
  std::optional<std::string> storage_dir;
  std::optional<int> dir_mode, file_mode;
  std::shared_ptr<const AuditLogFile> log;   // SecAuditLog: the entries, or the index
  std::shared_ptr<const AuditLogFile> log2;  // SecAuditLog2: a second index (Concurrent)

  void inherit(const AuditConfig& parent);

  AuditEngine engine_mode() const { return engine.value_or(AuditEngine::kOff); }
  std::string_view effective_parts() const { return parts ? *parts : kDefaultAuditParts; }
  AuditType log_type() const { return type.value_or(AuditType::kSerial); }
  AuditFormat log_format() const { return format.value_or(AuditFormat::kNative); }
  int directory_mode() const { return dir_mode.value_or(0750); }
  int entry_file_mode() const { return file_mode.value_or(0640); }
};

// Checks a SecAuditLogParts value (letters A-K and Z, as v2 accepts); returns the error or "".
std::string check_parts(std::string_view parts);
// Applies ctl:auditLogParts: "+E" adds, "-E" removes, anything else replaces the list.
std::string apply_parts_change(std::string_view current, std::string_view change);

}  // namespace rampart::log
