// The Transaction setters for what only the connector knows: USERAGENT_IP, the phase-2 server
// variables (AUTH_TYPE, REMOTE_USER, PATH_INFO, SCRIPT_* …), STATUS_LINE and the request's
// error-log lines (WEBSERVER_ERROR_LOG). The views stay the connector's, as for the request.
#include "engine/transaction_state.h"
#include "rampart/transaction.h"

namespace rampart {

namespace {
// A request that logs more than this (a loop, a chatty module) keeps only its first lines.
constexpr size_t kMaxWebserverErrors = 64;
}  // namespace

void Transaction::set_useragent_ip(std::string_view ip) {
  state().useragent_ip = ip;
}

void Transaction::set_server_variables(const ServerVariables& vars) {
  state().server_vars = vars;
}

void Transaction::set_status_line(std::string_view line) {
  state().status_line = line;
}

void Transaction::add_webserver_error(std::string_view line) {
  if (state().webserver_errors.size() < kMaxWebserverErrors)
    state().webserver_errors.push_back(line);
}

}  // namespace rampart
