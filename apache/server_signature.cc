// SecServerSignature: the Server response header's text. httpd writes its banner (ServerTokens)
// into every response itself, after all modules, so like ModSecurity v2 Rampart overwrites the
// banner in place once configuration is done. The new text must fit in the old one: with
// `ServerTokens Full` the banner is long enough for any sensible value; otherwise the banner is
// left alone and a warning says so.
#include <cstring>

#include "glue.h"

extern "C" module AP_MODULE_DECLARE_DATA rampart_module;

namespace rampart::apache {

namespace {

int set_server_signature(apr_pool_t* /*pconf*/, apr_pool_t* /*plog*/, apr_pool_t* /*ptemp*/,
                         server_rec* s) {
  // The main server's own context; v2 allows the directive there only.
  const auto* config =
      static_cast<const Config*>(ap_get_module_config(s->lookup_defaults, &rampart_module));
  if (config == nullptr || !config->settings().server_signature) return OK;
  const std::string& signature = *config->settings().server_signature;
  // httpd keeps its banner in writable pool memory; the const is only its API's promise.
  char* banner = const_cast<char*>(ap_get_server_banner());
  if (banner == nullptr) return OK;
  if (std::strlen(banner) < signature.size()) {
    ap_log_error(APLOG_MARK, APLOG_WARNING, 0, s,
                 "SecServerSignature: the server banner \"%s\" is shorter than \"%s\"; set "
                 "'ServerTokens Full' so it can be replaced",
                 banner, signature.c_str());
    return OK;
  }
  std::memcpy(banner, signature.c_str(), signature.size() + 1);
  return OK;
}

}  // namespace

// After core's post_config, which (re)builds the banner on every configuration pass.
void register_server_signature_hook() {
  ap_hook_post_config(set_server_signature, nullptr, nullptr, APR_HOOK_REALLY_LAST);
}

}  // namespace rampart::apache
