// The request both collection benchmarks time: a small GET through all five engine phases with a
// collection store, client addresses in rotation. Returns µs per request.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rampart/collection_store.h"
#include "rampart/config.h"
#include "rampart/transaction.h"

namespace rampart::bench {

class NullSink : public LogSink {
 public:
  void alert(std::string_view) override {}
};

inline double time_requests(const Config& config, CollectionStore* store, int requests,
                            const std::vector<std::string>& ips) {
  NullSink sink;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < requests; ++i) {
    Transaction tx(config, sink);
    tx.set_collection_store(store);
    tx.set_connection(ips[i % ips.size()], 40000, "127.0.0.1", 80);
    tx.set_request_line("GET /index.html?a=1 HTTP/1.1", "GET", "/index.html?a=1", "HTTP/1.1");
    tx.set_uri("/index.html", "a=1", "/index.html");
    tx.set_unique_id("BENCH");
    tx.add_request_header("Host", "www.example.com");
    tx.process_request_headers();
    tx.process_request_body();
    tx.set_response_status(200, "HTTP/1.1");
    tx.process_response_headers();
    tx.process_response_body();
    tx.process_logging();
  }
  std::chrono::duration<double, std::micro> took = std::chrono::steady_clock::now() - start;
  return took.count() / requests;
}

// SecRuleEngine On plus `rules`; exits with the error when they do not load.
inline std::unique_ptr<Config> load_rules_or_exit(const std::string& rules) {
  auto c = std::make_unique<Config>();
  if (auto err = c->load_string("SecRuleEngine On\n" + rules, "bench.conf")) {
    std::fprintf(stderr, "%s\n", err->to_string().c_str());
    std::exit(1);
  }
  return c;
}

}  // namespace rampart::bench
