// ctl:auditEngine and ctl:auditLogParts, the two audit log rows of ctl.cc's option table.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace rampart {
struct TransactionState;
}

namespace rampart::actions {

// ctl:auditEngine=On|Off|RelevantOnly
std::optional<std::string> ctl_audit_engine(std::string_view v,
                                            std::function<void(TransactionState&)>& out);
// ctl:auditLogParts=+E (add), -E (remove) or a whole list such as ABCFHZ
std::optional<std::string> ctl_audit_log_parts(std::string_view v,
                                               std::function<void(TransactionState&)>& out);

}  // namespace rampart::actions
