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

#include "collection_request.h"
#include "rampart/collection_store.h"
#include "rampart/config.h"
#include "rampart/transaction.h"

using rampart::bench::load_rules_or_exit;
using rampart::bench::time_requests;

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
  auto none = load_rules_or_exit("SecAction \"id:1,phase:1,pass,nolog\"\n");
  auto read_only =
      load_rules_or_exit("SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR}\"\n");
  auto counting = load_rules_or_exit(
      "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR},setvar:ip.counter=+1\"\n");
  time_requests(*counting, store.get(), requests / 10,
                ips);  // warm up: records exist, pages cached
  double t_none = time_requests(*none, store.get(), requests, ips);
  double t_read = time_requests(*read_only, store.get(), requests, ips);
  double t_write = time_requests(*counting, store.get(), requests, ips);
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
