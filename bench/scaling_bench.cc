// Scaling runs: the cost of one CRS transaction (engine only, no httpd) against the request's
// size, to show growth is linear. Series:
//   body-form  urlencoded body of 1 KB values, 1 KB … 8 MB
//   body-json  JSON body of 1 KB string values, 1 KB … 8 MB
//   args       urlencoded body of N short arguments, 10 … 100,000
//   headers    N request headers, 10 … 1,000 (httpd's LimitRequestFields is 100 by default)
// Prints one tab-separated row per point: series, n, bytes, µs per transaction, µs per unit
// (per KB, per argument, per header). A flat last column means linear growth.
//
//   build-bench/rampart_bench_scaling [pl=1] [max-seconds-per-point=2]
// DetectionOnly, so a request that scores is still evaluated in full; SecArgumentsLimit and
// the body limits are raised past the largest point (and rule 200007, which denies at 1000
// arguments, removed) so every point runs all rules over all of its data.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_request.h"
#include "corpus.h"

namespace rb = rampart::bench;

namespace {

std::string value_1k(size_t i) {
  std::string v = rb::repeat(rb::kLorem, 1024 / rb::kLorem.size() + 1).substr(0, 1000);
  for (char& c : v)
    if (c == ' ') c = '+';
  return std::to_string(i) + v;
}

rb::Request form_body(size_t bytes) {
  std::string body;
  for (size_t i = 0; body.size() < bytes; ++i) body += (i ? "&f" : "f") + std::to_string(i) + "=" + value_1k(i);
  body.resize(bytes);
  return rb::post(body, "application/x-www-form-urlencoded");
}

rb::Request json_body(size_t bytes) {
  std::string body = "{\"items\": [";
  for (size_t i = 0; i == 0 || body.size() + 1100 < bytes; ++i) {
    std::string v = value_1k(i);
    for (char& c : v)
      if (c == '+') c = ' ';
    body += (i ? ", \"" : "\"") + v + "\"";
  }
  body += "]}";
  return rb::post(body, "application/json");
}

rb::Request many_args(size_t n) {
  std::string body;
  for (size_t i = 0; i < n; ++i) body += (i ? "&a" : "a") + std::to_string(i) + "=v" + std::to_string(i);
  return rb::post(body, "application/x-www-form-urlencoded");
}

rb::Request many_headers(size_t n) {
  rb::Request r = rb::get_args();
  for (size_t i = 0; r.headers.size() < n; ++i)
    r.headers.emplace_back("X-Custom-" + std::to_string(i), "value-" + std::to_string(i));
  return r;
}

// Mean µs per transaction: repeated until `budget` seconds have gone (at least twice, one warm-up
// run not counted), or once more only when a single run already takes longer than the budget.
double measure(const rampart::Config& config, const rb::Request& r, double budget) {
  using clock = std::chrono::steady_clock;
  rb::run_transaction(config, r);
  int runs = 0;
  auto start = clock::now();
  std::chrono::duration<double> took{};
  while (runs < 2 || (took.count() < budget && runs < 100000)) {
    rb::run_transaction(config, r);
    ++runs;
    took = clock::now() - start;
    if (runs == 1 && took.count() > budget) break;
  }
  return took.count() * 1e6 / runs;
}

}  // namespace

int main(int argc, char** argv) {
  int pl = argc > 1 ? std::atoi(argv[1]) : 1;
  double budget = argc > 2 ? std::atof(argv[2]) : 2.0;
  auto config = rb::load_or_die(rb::crs_config_text(
      pl, "DetectionOnly",
      "SecRequestBodyLimit 67108864\nSecRequestBodyNoFilesLimit 67108864\n"
      "SecRequestBodyInMemoryLimit 67108864\nSecArgumentsLimit 1000000\n"
      "SecRuleRemoveById 200007\n"));
  std::printf("series\tn\tbytes\tus_per_tx\tus_per_unit\n");
  auto row = [&](const char* series, size_t n, rb::Request r, double unit) {
    r.finish();
    size_t bytes = r.body.size();
    for (const auto& [k, v] : r.headers) bytes += k.size() + v.size() + 4;
    double us = measure(*config, r, budget);
    std::printf("%s\t%zu\t%zu\t%.1f\t%.3f\n", series, n, bytes, us, us / unit);
    std::fflush(stdout);
  };
  for (size_t kb : {1, 4, 16, 64, 256, 1024, 4096, 8192})
    row("body-form", kb, form_body(kb * 1024), double(kb));
  for (size_t kb : {1, 4, 16, 64, 256, 1024, 4096, 8192})
    row("body-json", kb, json_body(kb * 1024), double(kb));
  for (size_t n : {10, 100, 1000, 10000, 100000}) row("args", n, many_args(n), double(n));
  for (size_t n : {10, 30, 100, 300, 1000}) row("headers", n, many_headers(n), double(n));
  return 0;
}
