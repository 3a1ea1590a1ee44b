// The module record, per-directory configuration (create/merge) and the end-of-configuration
// check. Like ModSecurity v2, Rampart has no per-server config: every context, the main server
// and each vhost included, is a per-directory rampart::Config.
#include <exception>
#include <memory>
#include <vector>

#include "glue.h"
#include "http_main.h"
#include "http_request.h"
#include "rampart/compile_cache.h"

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

constexpr const char* kCompileCacheKey = "rampart:compile-cache";

apr_status_t delete_compile_cache(void* p) {
  delete static_cast<std::shared_ptr<CompileCache>*>(p);
  return APR_SUCCESS;
}

// The regexes and phrase automata compiled by earlier configuration loads of this process. It
// lives in httpd's global pool, which outlives pconf: httpd reads its configuration twice at
// startup and again on each graceful restart, and each read after the first reuses what the one
// before compiled (CRS: most of its load time). The module is linked with -z nodelete, so the
// code these objects need stays mapped while pconf's clearing unloads and reloads modules.
std::shared_ptr<CompileCache> compile_cache() {
  void* data = nullptr;
  apr_pool_userdata_get(&data, kCompileCacheKey, ap_pglobal);
  if (data == nullptr) {
    auto* cache = new std::shared_ptr<CompileCache>(std::make_shared<CompileCache>());
    apr_pool_userdata_set(cache, kCompileCacheKey, delete_compile_cache, ap_pglobal);
    data = cache;
  }
  return *static_cast<std::shared_ptr<CompileCache>*>(data);
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
    c->use_compile_cache(compile_cache());
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

// A configuration pass starts: what it compiles or reuses is kept when it ends (check_config).
int begin_load(apr_pool_t* /*pconf*/, apr_pool_t* /*plog*/, apr_pool_t* /*ptemp*/) {
  try {
    compile_cache()->begin_load();
  } catch (const std::exception& e) {
    ap_log_perror(APLOG_MARK, APLOG_EMERG, 0, nullptr, "rampart: %s", e.what());
    return HTTP_INTERNAL_SERVER_ERROR;
  }
  return OK;
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
    compile_cache()->finish_load();  // what this pass's rules no longer use is freed
  } catch (const std::exception& e) {
    ap_log_error(APLOG_MARK, APLOG_EMERG, 0, s, "rampart: configuration check failed: %s",
                 e.what());
    return HTTP_INTERNAL_SERVER_ERROR;
  }
  return OK;
}

void register_hooks(apr_pool_t* /*p*/) {
  ap_hook_pre_config(begin_load, nullptr, nullptr, APR_HOOK_MIDDLE);
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
