// What httpd knows about a request once it is mapped and authenticated, for the engine's
// AUTH_TYPE, REMOTE_USER, REMOTE_HOST, PATH_INFO and SCRIPT_* variables (phase 2 on, as in v2).
#include <grp.h>
#include <pwd.h>

#include <string>
#include <vector>

#include "glue.h"
#include "http_core.h"

namespace rampart::apache {

namespace {

// APR keeps permissions as one hex digit per class (APR_UREAD is 0x0400); rules see 0644.
unsigned unix_mode(apr_fileperms_t p) {
  return ((p >> 8) & 7) << 6 | ((p >> 4) & 7) << 3 | (p & 7);
}

// SCRIPT_USERNAME and SCRIPT_GROUPNAME, resolved only when a rule reads them.
std::string user_name(long long uid) {
  std::vector<char> buf(16384);
  passwd pw{};
  passwd* found = nullptr;
  if (getpwuid_r(static_cast<uid_t>(uid), &pw, buf.data(), buf.size(), &found) != 0 || !found)
    return {};
  return pw.pw_name;
}

std::string group_name(long long gid) {
  std::vector<char> buf(16384);
  group gr{};
  group* found = nullptr;
  if (getgrgid_r(static_cast<gid_t>(gid), &gr, buf.data(), buf.size(), &found) != 0 || !found)
    return {};
  return gr.gr_name;
}

}  // namespace

void describe_server(request_rec* r, Transaction& tx) {
  apr_pool_t* p = r->pool;
  ServerVariables v;
  v.auth_type = view_of(r->ap_auth_type);
  v.remote_user = view_of(r->user);
  // The name when HostnameLookups allows a lookup, otherwise the address, as v2 gives it.
  v.remote_host =
      view_of(ap_get_remote_host(r->connection, r->per_dir_config, REMOTE_NAME, nullptr));
  // Copies: httpd may yet split or shorten these two in place.
  v.path_info = pool_copy(p, r->path_info);
  v.script_filename = pool_copy(p, r->filename);
  if (r->finfo.filetype != APR_NOFILE) {
    v.script_stat = true;
    v.script_uid = static_cast<long long>(r->finfo.user);
    v.script_gid = static_cast<long long>(r->finfo.group);
    v.script_mode = unix_mode(r->finfo.protection);
    v.user_name = user_name;
    v.group_name = group_name;
  }
  tx.set_server_variables(v);
}

}  // namespace rampart::apache
