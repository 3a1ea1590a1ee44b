// Helpers for the audit log tests: run an exchange through the engine and format its entry.
#pragma once

#include "engine_fixture.h"
#include "log/audit_log.h"

namespace rampart::testing {

inline FinalResponse final_response(int status = 403, std::string_view line = "403 Forbidden") {
  FinalResponse f;
  f.status = status;
  f.status_line = line;
  f.protocol = "HTTP/1.1";
  f.server = "Apache";
  f.bytes_sent = 199;
  return f;
}

inline std::string native(Exchange& ex, const FinalResponse& f, std::string_view parts,
                          std::string_view boundary = "0badc0de") {
  log::AuditInput in{ex.state(), f, parts, log::Clock::now()};
  return log::format_native(in, boundary);
}

inline std::string json(Exchange& ex, const FinalResponse& f, std::string_view parts) {
  log::AuditInput in{ex.state(), f, parts, log::Clock::now()};
  return log::format_json(in);
}

inline bool has(const std::string& text, std::string_view needle) {
  return text.find(needle) != std::string::npos;
}

}  // namespace rampart::testing
