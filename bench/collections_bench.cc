// Per-request cost of persistent collections: the same request through the engine with no rule,
// with `initcol:ip=%{REMOTE_ADDR}` only (one LMDB read), and with initcol plus one
// `setvar:ip.counter=+1` (one read and one write transaction). Runs against a real LMDB
// database in a fresh temporary directory (MDB_NOSYNC, as in httpd) and prints µs per request.
//   build-coll/rampart_bench_collections [requests] [distinct-ips]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "rampart/collection_store.h"
#include "rampart/config.h"
#include "rampart/transaction.h"

namespace {

class NullSink : public rampart::LogSink {
 public:
  void alert(std::string_view) override {}
};

double run(const rampart::Config& config, rampart::CollectionStore* store, int requests,
           const std::vector<std::string>& ips) {
  NullSink sink;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < requests; ++i) {
    rampart::Transaction tx(config, sink);
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

std::unique_ptr<rampart::Config> load(const std::string& rules) {
  auto c = std::make_unique<rampart::Config>();
  if (auto err = c->load_string("SecRuleEngine On\n" + rules, "bench.conf")) {
    std::fprintf(stderr, "%s\n", err->to_string().c_str());
    std::exit(1);
  }
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  int requests = argc > 1 ? std::atoi(argv[1]) : 200000;
  int distinct = argc > 2 ? std::atoi(argv[2]) : 1000;
  std::vector<std::string> ips;
  for (int i = 0; i < distinct; ++i)
    ips.push_back("10." + std::to_string(i / 65536 % 256) + "." + std::to_string(i / 256 % 256) +
                  "." + std::to_string(i % 256));
  auto dir = std::filesystem::temp_directory_path() / ("rampart-bench-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::string error;
  auto store = rampart::CollectionStore::open(dir.string(), {}, error);
  if (!store) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  auto none = load("SecAction \"id:1,phase:1,pass,nolog\"\n");
  auto read_only = load("SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR}\"\n");
  auto counting = load(
      "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR},setvar:ip.counter=+1\"\n");
  run(*counting, store.get(), requests / 10, ips);  // warm up: records exist, pages cached
  double t_none = run(*none, store.get(), requests, ips);
  double t_read = run(*read_only, store.get(), requests, ips);
  double t_write = run(*counting, store.get(), requests, ips);
  std::printf("requests per case: %d, distinct client addresses: %d\n", requests, distinct);
  std::printf("no collection                     %8.2f us/request\n", t_none);
  std::printf("initcol:ip                        %8.2f us/request  (+%.2f)\n", t_read,
              t_read - t_none);
  std::printf("initcol:ip + setvar:ip.counter=+1 %8.2f us/request  (+%.2f)\n", t_write,
              t_write - t_none);
  store.reset();
  std::filesystem::remove_all(dir);
  return 0;
}
