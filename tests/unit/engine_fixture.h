// Runs requests through the engine without httpd: build a Config from rule text, describe a
// request, run the phases, and look at the intervention and the log lines.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/transaction_state.h"
#include "rampart/config.h"
#include "rampart/transaction.h"

namespace rampart::testing {

class CollectingSink : public LogSink {
 public:
  void alert(std::string_view line) override { lines.emplace_back(line); }
  std::vector<std::string> lines;
  bool contains(std::string_view needle) const {
    for (const auto& l : lines)
      if (l.find(needle) != std::string::npos) return true;
    return false;
  }
  size_t count(std::string_view needle) const {
    size_t n = 0;
    for (const auto& l : lines)
      if (l.find(needle) != std::string::npos) ++n;
    return n;
  }
};

// Loads rules; fails the test with the error text when they do not load.
inline std::unique_ptr<Config> load_rules(const std::string& text) {
  auto config = std::make_unique<Config>();
  auto err = config->load_string(text, "/rules/test.conf");
  if (!err) err = config->finish();
  EXPECT_FALSE(err.has_value()) << (err ? err->to_string() : "");
  return config;
}

// Returns the error of loading `text`, or "" when it loads.
inline std::string load_error(const std::string& text) {
  Config config;
  auto err = config.load_string(text, "/rules/test.conf");
  if (!err) err = config.finish();
  return err ? err->to_string() : "";
}

struct Request {
  std::string method = "GET";
  std::string path = "/index.html";
  std::string query;
  std::string protocol = "HTTP/1.1";
  std::vector<std::pair<std::string, std::string>> headers = {{"Host", "www.example.com"}};
  std::string body;
  int response_status = 200;
  std::vector<std::pair<std::string, std::string>> response_headers = {
      {"Content-Type", "text/html"}};
  std::string response_body;
};

// Owns the strings a Transaction views, and runs all five phases (stopping at a disruption
// like httpd does, but always running phase 5).
class Exchange {
 public:
  Exchange(const Config& config, Request req) : req_(std::move(req)), tx_(config, sink_) {
    uri_raw_ = req_.path + (req_.query.empty() ? "" : "?" + req_.query);
    line_ = req_.method + " " + uri_raw_ + " " + req_.protocol;
    tx_.set_connection("192.0.2.10", 51234, "127.0.0.1", 80);
    tx_.set_request_line(line_, req_.method, uri_raw_, req_.protocol);
    tx_.set_uri(req_.path, req_.query, req_.path);
    tx_.set_hostname("www.example.com");
    tx_.set_unique_id("TESTID");
    for (const auto& [n, v] : req_.headers) tx_.add_request_header(n, v);
  }

  Intervention run() {
    Intervention i = tx_.process_request_headers();
    if (!i.disruptive()) {
      if (!req_.body.empty() && tx_.wants_request_body()) tx_.append_request_body(req_.body);
      i = tx_.process_request_body();
    }
    if (!i.disruptive()) {
      tx_.set_response_status(req_.response_status, "HTTP/1.1");
      for (const auto& [n, v] : req_.response_headers) tx_.add_response_header(n, v);
      i = tx_.process_response_headers();
    }
    if (!i.disruptive()) {
      if (tx_.wants_response_body("text/html")) tx_.append_response_body(req_.response_body);
      i = tx_.process_response_body();
    }
    tx_.process_logging();
    return tx_.intervention();
  }

  Transaction& tx() { return tx_; }
  TransactionState& state() { return tx_.state(); }
  CollectingSink& log() { return sink_; }
  std::string tx_var(std::string_view name) {
    const std::string* v = state().tx.get(name);
    return v ? *v : "<unset>";
  }

 private:
  Request req_;
  std::string uri_raw_, line_;
  CollectingSink sink_;
  Transaction tx_;
};

inline Request get(std::string query) {
  Request r;
  r.query = std::move(query);
  return r;
}

inline Request post_form(std::string body) {
  Request r;
  r.method = "POST";
  r.headers.emplace_back("Content-Type", "application/x-www-form-urlencoded");
  r.body = std::move(body);
  return r;
}

}  // namespace rampart::testing
