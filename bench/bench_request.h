// What the engine benchmarks share: loading CRS the way bench/httpd_bench.py configures it, and
// one request driven through all five phases as the Apache connector drives it (no httpd).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rampart/config.h"
#include "rampart/transaction.h"

namespace rampart::bench {

class NullSink : public LogSink {
 public:
  void alert(std::string_view) override {}
};

inline std::string crs_dir() {
  const char* dir = std::getenv("RAMPART_CRS");
  return dir ? dir : "/work/shared/crs";
}

inline std::string source_dir() {
#ifdef RAMPART_SOURCE_DIR
  return RAMPART_SOURCE_DIR;
#else
  return ".";
#endif
}

// rules/rampart-recommended.conf, the bench's body limits, then CRS at paranoia level `pl`
// (0: the recommended settings only). `extra` comes after the settings, before CRS.
inline std::string crs_config_text(int pl, const std::string& mode = "On",
                                   const std::string& extra = "") {
  std::string text = "Include \"" + source_dir() + "/rules/rampart-recommended.conf\"\n" +
                     "SecRuleEngine " + mode + "\n" +
                     "SecRequestBodyNoFilesLimit 2097152\n"
                     "SecRequestBodyInMemoryLimit 2097152\n"
                     "SecAuditEngine Off\n" +
                     extra;
  if (pl > 0) {
    std::string p = std::to_string(pl);
    text += "Include \"" + crs_dir() + "/crs-setup.conf.example\"\n" +
            "SecAction \"id:900000,phase:1,pass,nolog,t:none,setvar:tx.blocking_paranoia_level=" +
            p + ",setvar:tx.detection_paranoia_level=" + p + "\"\n" + "Include \"" + crs_dir() +
            "/rules/*.conf\"\n";
  }
  return text;
}

inline std::unique_ptr<Config> load_or_die(const std::string& text) {
  auto config = std::make_unique<Config>();
  auto err = config->load_string(text, source_dir() + "/bench/bench.conf");
  if (!err) err = config->finish();
  if (err) {
    std::fprintf(stderr, "cannot load the benchmark configuration: %s\n", err->to_string().c_str());
    std::exit(1);
  }
  return config;
}

struct Request {
  std::string method = "GET";
  std::string path = "/index.html";
  std::string query;
  std::vector<std::pair<std::string, std::string>> headers = {{"Host", "www.example.com"}};
  std::string body;
  std::string response_type = "text/html";
  std::string response_body = "<html><body>hello</body></html>\n";

  // Derived once, so a benchmark loop builds no strings of its own.
  std::string uri_raw, line, content_length;
  void finish() {
    uri_raw = path + (query.empty() ? "" : "?" + query);
    line = method + " " + uri_raw + " HTTP/1.1";
    if (!body.empty()) {
      content_length = std::to_string(body.size());
      headers.emplace_back("Content-Length", content_length);
    }
  }
};

// One transaction, all five phases, stopping at a disruption as httpd does (phase 5 always).
// Returns the final intervention's status (0 when the request passed).
inline int run_transaction(const Config& config, const Request& r) {
  NullSink sink;
  Transaction tx(config, sink);
  tx.set_connection("192.0.2.10", 51234, "127.0.0.1", 80);
  tx.set_request_line(r.line, r.method, r.uri_raw, "HTTP/1.1");
  tx.set_uri(r.path, r.query, r.path);
  tx.set_hostname("www.example.com");
  tx.set_unique_id("BENCH");
  for (const auto& [n, v] : r.headers) tx.add_request_header(n, v);
  Intervention i = tx.process_request_headers();
  if (!i.disruptive()) {
    if (!r.body.empty() && tx.wants_request_body()) {
      tx.declare_request_body_length(r.body.size());
      tx.append_request_body(r.body);
    }
    i = tx.process_request_body();
  }
  if (!i.disruptive()) {
    tx.set_response_status(200, "HTTP/1.1");
    tx.add_response_header("Content-Type", r.response_type);
    i = tx.process_response_headers();
  }
  if (!i.disruptive()) {
    if (tx.wants_response_body(r.response_type)) tx.append_response_body(r.response_body);
    i = tx.process_response_body();
  }
  tx.process_logging();
  return tx.intervention().disruptive() ? tx.intervention().status : 0;
}

}  // namespace rampart::bench
