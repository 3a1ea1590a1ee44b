// proxy:URL: hands the request to mod_proxy, which forwards it to URL and returns the backend's
// response to the client (for example to send attackers to a honeypot). Disruptive, like deny.
// The URL takes macros. It works in phases 1 and 2 only; in a later phase the request is
// refused with 500, as in ModSecurity v2. httpd must load mod_proxy (and mod_proxy_http for
// http:// URLs); without it the connector answers 500 and logs why.
//   SecRule REQUEST_HEADERS:User-Agent "@contains sqlmap"
//       "id:1,phase:1,proxy:http://honeypot.example:8080%{REQUEST_URI}"  (one line)
// Log: `Access denied using proxy to (phase 1) http://honeypot.example:8080/x.`
#include "actions/builtin.h"

namespace rampart::actions {

std::optional<std::string> parse_proxy(ParseContext& ctx, std::string_view v) {
  if (v.empty()) return "proxy needs a URL, e.g. proxy:http://backend.example:8080/";
  ctx.set.disruptive = Disruptive::kProxy;
  ctx.set.redirect_url = MacroString(v);
  return std::nullopt;
}

}  // namespace rampart::actions
