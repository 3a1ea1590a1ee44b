// Persistent collections in httpd: one CollectionStore (LMDB environment) per SecDataDir, opened
// in child_init — after fork, as LMDB requires — and closed when the child exits. Every
// transaction gets the store of its server's SecDataDir; the engine writes back at the end of
// phase 5 (log_transaction), one short LMDB write transaction at most.
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "glue.h"
#include "http_main.h"
#include "rampart/collection_store.h"

extern "C" module AP_MODULE_DECLARE_DATA rampart_module;

namespace rampart::apache {
namespace {

// The stores of this child process. Written once in child_init, before the MPM starts any
// request thread, and read-only until the child pool's cleanup deletes it at exit (after every
// request pool, which are sub-pools, is gone).
struct ChildStores {
  std::vector<std::pair<std::string, std::unique_ptr<CollectionStore>>> by_dir;  // null: failed
};
ChildStores* child_stores = nullptr;

apr_status_t close_stores(void* p) {
  delete static_cast<ChildStores*>(p);
  child_stores = nullptr;
  return APR_SUCCESS;
}

void open_store(ChildStores& stores, apr_pool_t* pchild, server_rec* main, const Settings& s) {
  const std::string& dir = *s.data_dir;
  for (const auto& entry : stores.by_dir)
    if (entry.first == dir) return;
  CollectionStoreOptions options;
  options.map_size = s.collection_map_bytes();
  options.log_error = [main](std::string_view message) {
    ap_log_error(APLOG_MARK, APLOG_ERR, 0, main, "%.*s", static_cast<int>(message.size()),
                 message.data());
  };
  std::string error;
  const char* path = ap_server_root_relative(pchild, dir.c_str());
  auto store = CollectionStore::open(path ? path : dir, options, error);
  if (!store) {
    ap_log_error(APLOG_MARK, APLOG_ERR, 0, main,
                 "rampart: %s; persistent collections are kept per request only", error.c_str());
  }
  stores.by_dir.emplace_back(dir, std::move(store));
}

void child_init(apr_pool_t* pchild, server_rec* s) {
  try {
    auto* stores = new ChildStores;
    apr_pool_cleanup_register(pchild, stores, close_stores, apr_pool_cleanup_null);
    child_stores = stores;
    // Each server's lookup_defaults is its base per-directory Config, vhosts already merged
    // with the main server's, so SecDataDir is inherited as httpd inherits everything else.
    for (server_rec* v = s; v != nullptr; v = v->next) {
      auto* config =
          static_cast<const Config*>(ap_get_module_config(v->lookup_defaults, &rampart_module));
      if (config != nullptr && config->settings().data_dir)
        open_store(*stores, pchild, s, config->settings());
    }
  } catch (const std::exception& e) {
    ap_log_error(APLOG_MARK, APLOG_ERR, 0, s, "rampart: cannot open collection stores: %s",
                 e.what());
  }
}

}  // namespace

CollectionStore* collection_store(const Settings& settings) {
  if (child_stores == nullptr || !settings.data_dir) return nullptr;
  for (const auto& [dir, store] : child_stores->by_dir)
    if (dir == *settings.data_dir) return store.get();
  return nullptr;  // a SecDataDir only inside <Location>/<Directory>: not opened (docs)
}

void register_collection_hooks() {
  ap_hook_child_init(child_init, nullptr, nullptr, APR_HOOK_MIDDLE);
}

}  // namespace rampart::apache
