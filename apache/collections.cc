// Persistent collections in httpd: one CollectionStore (LMDB environment under SecDataDir, plus
// the Redis stores SecCollectionStore names) per distinct store configuration, opened in
// child_init — after fork, as LMDB requires (Redis connects at the first request) — and closed
// when the child exits. Every transaction gets the store of its server's configuration; the
// engine writes back at the end of phase 5 (log_transaction), one write per store at most.
#include <algorithm>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "collections/store.h"
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
  // store_identity() -> store; null: failed to open
  std::vector<std::pair<std::string, std::unique_ptr<CollectionStore>>> by_dir;
};

bool uses_redis(const Settings& s) {
  if (s.collection_stores)
    for (const auto& entry : *s.collection_stores)
      if (entry.second != "lmdb") return true;
  return false;
}

bool wants_store(const Settings& s) {
  return s.data_dir || uses_redis(s);
}

// Everything that makes two servers' stores different. With LMDB alone that is the data
// directory only: SecWebAppId scopes record keys per transaction, so a <Location> with its own
// SecWebAppId still finds its server's store. Redis stores also differ by per-kind URLs,
// timeout, password and (Redis keys are namespaced by it) SecWebAppId; those are read from the
// server and virtual-host level only (docs/fleet.md).
std::string store_identity(const Settings& s) {
  std::string id = s.data_dir.value_or("");
  if (!uses_redis(s)) return id;
  for (std::string_view kind : {"IP", "GLOBAL", "RESOURCE", "SESSION", "USER"}) {
    id += '\n';
    id += s.collection_store_url(kind);
  }
  id += '\n' + std::to_string(s.collection_store_timeout());
  id += '\n' + s.collection_store_password.value_or("");
  id += '\n';
  id += s.webappid();
  return id;
}
ChildStores* child_stores = nullptr;

apr_status_t close_stores(void* p) {
  delete static_cast<ChildStores*>(p);
  child_stores = nullptr;
  return APR_SUCCESS;
}

void open_store(ChildStores& stores, apr_pool_t* pchild, server_rec* main, const Settings& s) {
  std::string id = store_identity(s);
  for (const auto& entry : stores.by_dir)
    if (entry.first == id) return;
  const std::string dir = s.data_dir.value_or("");
  CollectionStoreOptions options;
  options.map_size = s.collection_map_bytes();
  if (s.collection_stores) options.stores = *s.collection_stores;
  options.timeout_ms = s.collection_store_timeout();
  options.password = s.collection_store_password.value_or("");
  options.key_namespace = std::string(s.webappid());
  options.log_error = [main](std::string_view message) {
    ap_log_error(APLOG_MARK, APLOG_ERR, 0, main, "%.*s", static_cast<int>(message.size()),
                 message.data());
  };
  std::string error;
  const char* path = dir.empty() ? nullptr : ap_server_root_relative(pchild, dir.c_str());
  auto store = CollectionStore::open(path ? path : dir, options, error);
  if (!store) {
    ap_log_error(APLOG_MARK, APLOG_ERR, 0, main,
                 "rampart: %s; persistent collections are kept per request only", error.c_str());
  }
  stores.by_dir.emplace_back(std::move(id), std::move(store));
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
      if (config != nullptr && wants_store(config->settings()))
        open_store(*stores, pchild, s, config->settings());
    }
  } catch (const std::exception& e) {
    ap_log_error(APLOG_MARK, APLOG_ERR, 0, s, "rampart: cannot open collection stores: %s",
                 e.what());
  }
}

}  // namespace

CollectionStore* collection_store(const Settings& settings) {
  if (child_stores == nullptr || !wants_store(settings)) return nullptr;
  std::string id = store_identity(settings);
  for (const auto& [known, store] : child_stores->by_dir)
    if (known == id) return store.get();
  return nullptr;  // a store set only inside <Location>/<Directory>: not opened (docs)
}

CollectionStoreMetrics collection_store_metrics() {
  CollectionStoreMetrics total;
  if (child_stores == nullptr) return total;
  for (const auto& entry : child_stores->by_dir) {
    if (!entry.second) continue;
    CollectionStoreMetrics m = entry.second->metrics();
    total.round_trips += m.round_trips;
    total.errors += m.errors;
    total.timeouts += m.timeouts;
    total.latency_us_total += m.latency_us_total;
    total.latency_us_max = std::max(total.latency_us_max, m.latency_us_max);
  }
  return total;
}

std::optional<uint64_t> collection_store_records() {
  if (child_stores == nullptr) return std::nullopt;
  std::optional<uint64_t> total;
  std::vector<std::string> dirs;  // each SecDataDir once: the same files, opened per setup
  std::vector<const collections::Store*> seen;
  for (const auto& [id, store] : child_stores->by_dir) {
    if (!store) continue;
    std::string dir = id.substr(0, id.find('\n'));
    if (std::find(dirs.begin(), dirs.end(), dir) != dirs.end()) continue;
    dirs.push_back(dir);
    for (size_t kind = 0; kind < collections::kCollectionKinds.size(); ++kind) {
      collections::Store* s = store->store_for(kind);
      if (s == nullptr || std::find(seen.begin(), seen.end(), s) != seen.end()) continue;
      seen.push_back(s);
      if (auto n = s->record_count()) total = total.value_or(0) + *n;
    }
  }
  return total;
}

void register_collection_hooks() {
  ap_hook_child_init(child_init, nullptr, nullptr, APR_HOOK_MIDDLE);
}

}  // namespace rampart::apache
