#include "log/audit_config.h"

namespace rampart::log {

namespace {
template <typename T>
void keep_or_take(std::optional<T>& child, const std::optional<T>& parent) {
  if (!child) child = parent;
}
}  // namespace

void AuditConfig::inherit(const AuditConfig& parent) {
  keep_or_take(engine, parent.engine);
  keep_or_take(parts, parent.parts);
  if (!relevant_status) relevant_status = parent.relevant_status;
  keep_or_take(type, parent.type);
  keep_or_take(format, parent.format);
  keep_or_take(storage_dir, parent.storage_dir);
  keep_or_take(dir_mode, parent.dir_mode);
  keep_or_take(file_mode, parent.file_mode);
  if (!log) log = parent.log;
  if (!log2) log2 = parent.log2;
}

std::string check_parts(std::string_view parts) {
  if (parts.empty()) return "takes a list of parts such as ABCFHZ, got an empty value";
  for (char c : parts) {
    if (c != 'Z' && (c < 'A' || c > 'K')) {
      return "takes letters A to K and Z (e.g. ABCFHZ), got '" + std::string(parts) + "' with '" +
             std::string(1, c) + "'";
    }
  }
  return "";
}

std::string apply_parts_change(std::string_view current, std::string_view change) {
  if (change.empty() || (change[0] != '+' && change[0] != '-')) return std::string(change);
  std::string out(current);
  for (char c : change.substr(1)) {
    if (change[0] == '+') {
      if (out.find(c) == std::string::npos) out += c;
    } else {
      std::erase(out, c);
    }
  }
  return out;
}

}  // namespace rampart::log
