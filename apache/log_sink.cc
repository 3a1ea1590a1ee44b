// The engine's messages into httpd's error log. Alerts go out at error level, as ModSecurity v2
// writes them, so `[rampart:error] … ModSecurity: Access denied …` lines match fail2ban's
// apache-modsecurity filter unchanged.
#include "glue.h"

namespace rampart::apache {

void ErrorLogSink::alert(std::string_view line) {
  ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r_, "%.*s", static_cast<int>(line.size()), line.data());
}

void ErrorLogSink::debug(int level, std::string_view message) {
  ap_log_rerror(APLOG_MARK, APLOG_DEBUG, 0, r_, "[%d] %.*s", level,
                static_cast<int>(message.size()), message.data());
}

}  // namespace rampart::apache
