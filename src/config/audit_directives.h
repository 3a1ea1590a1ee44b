// Handlers of SecAuditEngine and the SecAuditLog* directives (rows in directives.cc).
#pragma once

#include "config/directives.h"

namespace rampart::config {

std::optional<std::string> handle_audit_engine(DirectiveContext& ctx);
std::optional<std::string> handle_audit_log(DirectiveContext& ctx);
std::optional<std::string> handle_audit_log2(DirectiveContext& ctx);
std::optional<std::string> handle_audit_log_parts(DirectiveContext& ctx);
std::optional<std::string> handle_audit_log_relevant_status(DirectiveContext& ctx);
std::optional<std::string> handle_audit_log_type(DirectiveContext& ctx);
std::optional<std::string> handle_audit_log_storage_dir(DirectiveContext& ctx);
std::optional<std::string> handle_audit_log_dir_mode(DirectiveContext& ctx);
std::optional<std::string> handle_audit_log_file_mode(DirectiveContext& ctx);
std::optional<std::string> handle_audit_log_format(DirectiveContext& ctx);

}  // namespace rampart::config
