// The module record, per-directory configuration (create/merge) and the end-of-configuration
// check. Like ModSecurity v2, Rampart has no per-server config: every context, the main server
// and each vhost included, is a per-directory rampart::Config.
#include <exception>
#include <memory>
#include <vector>

#include "glue.h"
#include "http_request.h"

extern "C" module AP_MODULE_DECLARE_DATA rampart_module;

namespace rampart::apache {
namespace {

constexpr const char* kConfigListKey = "rampart:configs";

apr_status_t delete_config(void* p) {
  delete static_cast<Config*>(p);
  return APR_SUCCESS;
}

apr_status_t delete_config_list(void* p) {
  delete static_cast<std::vector<const Config*>*>(p);
  return APR_SUCCESS;
}

// The Configs made in pool p by this configuration pass (pconf), for finish() at the end.
std::vector<const Config*>* config_list(apr_pool_t* p) {
  void* data = nullptr;
  apr_pool_userdata_get(&data, kConfigListKey, p);
  if (data == nullptr) {
    auto* list = new std::vector<const Config*>;
    apr_pool_userdata_set(list, kConfigListKey, delete_config_list, p);
    data = list;
  }
  return static_cast<std::vector<const Config*>*>(data);
}

// Hands ownership of c to pool p: deleted when p is cleared (restart) or destroyed.
Config* owned_by(apr_pool_t* p, std::unique_ptr<Config> c) {
  Config* raw = c.release();
  apr_pool_cleanup_register(p, raw, delete_config, apr_pool_cleanup_null);
  return raw;
}

void* create_dir_config(apr_pool_t* p, char* /*dir*/) {
  try {
    Config* c = owned_by(p, std::make_unique<Config>());
    config_list(p)->push_back(c);
    return c;
  } catch (const std::exception& e) {
    ap_log_perror(APLOG_MARK, APLOG_EMERG, 0, p, "rampart: cannot create a configuration: %s",
                  e.what());
    return nullptr;
  }
}

void* merge_dir_config(apr_pool_t* p, void* parent, void* child) {
  if (parent == nullptr || child == nullptr) return child ? child : parent;
  try {
    return owned_by(p, Config::merge(*static_cast<Config*>(parent), *static_cast<Config*>(child)));
  } catch (const std::exception& e) {
    // Keep the child alone rather than crash; the line says where the merge went wrong.
    ap_log_perror(APLOG_MARK, APLOG_ERR, 0, p, "rampart: cannot merge configurations: %s",
                  e.what());
    return child;
  }
}

// check_config runs on every configuration pass, `apache2 -t` included (post_config does not),
// so a chain left open stops both the syntax check and the start. Logs are not open yet: the
// message reaches stderr.
int check_config(apr_pool_t* pconf, apr_pool_t* /*plog*/, apr_pool_t* /*ptemp*/, server_rec* s) {
  engine_configured = false;
  try {
    for (const Config* c : *config_list(pconf)) {
      if (c->settings().engine.has_value() && *c->settings().engine != EngineMode::kOff) {
        engine_configured = true;
      }
      if (auto err = c->finish()) {
        ap_log_error(APLOG_MARK, APLOG_EMERG, 0, s, "%s", err->to_string().c_str());
        return HTTP_INTERNAL_SERVER_ERROR;
      }
    }
  } catch (const std::exception& e) {
    ap_log_error(APLOG_MARK, APLOG_EMERG, 0, s, "rampart: configuration check failed: %s",
                 e.what());
    return HTTP_INTERNAL_SERVER_ERROR;
  }
  return OK;
}

void register_hooks(apr_pool_t* /*p*/) {
  ap_hook_check_config(check_config, nullptr, nullptr, APR_HOOK_MIDDLE);
  register_phase_hooks();
  register_filters();
  register_collection_hooks();
  register_audit_hooks();
  register_backend_compression_hooks();
  register_server_signature_hook();
  register_conn_limit_hooks();
  register_status_hooks();
  register_memory_hooks();
}

}  // namespace

bool engine_configured = true;

const Config* dir_config(request_rec* r) {
  return static_cast<const Config*>(ap_get_module_config(r->per_dir_config, &rampart_module));
}

}  // namespace rampart::apache

extern "C" {

module AP_MODULE_DECLARE_DATA rampart_module = {
    MODULE_MAGIC_NUMBER_MAJOR,
    MODULE_MAGIC_NUMBER_MINOR,
    -1,
    "mod_rampart.c",  // the name hook ordering and httpd -M know us by
    nullptr,
    nullptr,
    MODULE_MAGIC_COOKIE,
    nullptr,
    rampart::apache::create_dir_config,
    rampart::apache::merge_dir_config,
    nullptr,
    nullptr,
    nullptr,  // cmds: set by fill_command_table() below, before httpd reads it
    rampart::apache::register_hooks,
    0,
};

}  // extern "C"

// Runs at dlopen, before mod_so hands the record to ap_add_module (which hashes the directives).
__attribute__((constructor)) static void fill_command_table() {
  try {
    rampart_module.cmds = rampart::apache::build_command_table();
  } catch (...) {
    rampart_module.cmds = nullptr;  // httpd then reports every Sec* directive as unknown
  }
}
