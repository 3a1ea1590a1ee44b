// Runs requests against one site (rules + a collection store) so tests can follow a persistent
// collection across requests, clients and time.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "collections/key.h"
#include "collections/memory_store.h"
#include "collections/record.h"
#include "engine_fixture.h"
#include "rampart/collection_store.h"

namespace rampart::testing {

struct Site {
  explicit Site(const std::string& rules)
      : config(load_rules("SecRuleEngine On\n" + rules)),
        owned(std::make_unique<CollectionStore>(std::make_unique<collections::MemoryStore>())),
        store(owned.get()) {}
  Site(const std::string& rules, CollectionStore* external)
      : config(load_rules("SecRuleEngine On\n" + rules)), store(external) {}

  collections::MemoryStore& memory() {
    return static_cast<collections::MemoryStore&>(store->store());
  }

  // Runs one request from `client`, `later` seconds after now; the exchange stays for checks.
  Exchange& request(Request req = Request(), long long later = 0,
                    const std::string& client = "192.0.2.10") {
    last = std::make_unique<Exchange>(*config, std::move(req));
    last->tx().set_connection(client_addr = client, 51234, "127.0.0.1", 80);
    last->tx().set_collection_store(store);
    last->state().started += std::chrono::seconds(later);
    result = last->run();
    return *last;
  }

  // A variable of the stored record, or "<none>".
  std::string stored(std::string_view scope, std::string_view collection, std::string_view key,
                     std::string_view var) {
    auto bytes = store->store().get(collections::record_key(scope, collection, key));
    if (!bytes) return "<none>";
    auto r = collections::decode(*bytes);
    if (!r) return "<corrupt>";
    const std::string* v = r->vars.get(var);
    return v ? *v : "<none>";
  }

  std::unique_ptr<Config> config;
  std::unique_ptr<CollectionStore> owned;
  CollectionStore* store;
  std::unique_ptr<Exchange> last;
  std::string client_addr;
  Intervention result;
};

}  // namespace rampart::testing
