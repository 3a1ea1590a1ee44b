// What httpd knows about the request beyond its bytes, given by the connector
// (Transaction::set_server_variables, before phase 2; USERAGENT_IP from phase 1): AUTH_TYPE,
// REMOTE_USER, REMOTE_HOST, PATH_INFO, USERAGENT_IP and the SCRIPT_* variables of the file the
// request maps to. As in v2, a value httpd does not have gives no field at all (an unauthenticated
// request has no REMOTE_USER; a URL mapped to no file has no SCRIPT_UID).
// Example: SecRule REMOTE_USER "@streq admin" "id:1,phase:2,deny" (with mod_auth_basic).
#include <cstdio>

#include "variables/families.h"

namespace rampart::variables {

namespace {
void known(std::vector<Field>& out, std::string_view v) {
  if (!v.empty()) out.push_back(Field{{}, v});
}
}  // namespace

void auth_type(const TransactionState& tx, std::vector<Field>& out) {
  known(out, tx.server_vars.auth_type);
}
void remote_user(const TransactionState& tx, std::vector<Field>& out) {
  known(out, tx.server_vars.remote_user);
}
// The client's host name when httpd looked it up (HostnameLookups On), else its address.
void remote_host(const TransactionState& tx, std::vector<Field>& out) {
  known(out, tx.server_vars.remote_host);
}
void path_info(const TransactionState& tx, std::vector<Field>& out) {
  known(out, tx.server_vars.path_info);
}
// The client address after mod_remoteip; REMOTE_ADDR is the same in Rampart (see its entry).
void useragent_ip(const TransactionState& tx, std::vector<Field>& out) {
  known(out, tx.useragent_ip);
}

void script_filename(const TransactionState& tx, std::vector<Field>& out) {
  known(out, tx.server_vars.script_filename);
}
void script_basename(const TransactionState& tx, std::vector<Field>& out) {
  std::string_view f = tx.server_vars.script_filename;
  size_t slash = f.find_last_of('/');
  known(out, slash == std::string_view::npos ? f : f.substr(slash + 1));
}
void script_uid(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.server_vars.script_stat)
    out.push_back(Field{{}, tx.keep(std::to_string(tx.server_vars.script_uid))});
}
void script_gid(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.server_vars.script_stat)
    out.push_back(Field{{}, tx.keep(std::to_string(tx.server_vars.script_gid))});
}
void script_username(const TransactionState& tx, std::vector<Field>& out) {
  const ServerVariables& v = tx.server_vars;
  if (!v.script_stat) return;
  if (v.script_username.empty() && v.user_name != nullptr) {
    known(out, tx.keep(v.user_name(v.script_uid)));
    return;
  }
  known(out, v.script_username);
}
void script_groupname(const TransactionState& tx, std::vector<Field>& out) {
  const ServerVariables& v = tx.server_vars;
  if (!v.script_stat) return;
  if (v.script_groupname.empty() && v.group_name != nullptr) {
    known(out, tx.keep(v.group_name(v.script_gid)));
    return;
  }
  known(out, v.script_groupname);
}
// Four octal digits, as v2 prints them: "0644".
void script_mode(const TransactionState& tx, std::vector<Field>& out) {
  if (!tx.server_vars.script_stat) return;
  char buf[8];
  std::snprintf(buf, sizeof buf, "%04o", tx.server_vars.script_mode & 07777);
  out.push_back(Field{{}, tx.keep(buf)});
}

}  // namespace rampart::variables
