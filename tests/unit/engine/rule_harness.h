// Small helpers on top of engine_fixture.h for the engine-core tests: run a rule set against one
// request and keep everything alive for inspection afterwards.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_fixture.h"

namespace rampart::testing {

struct Outcome {
  std::unique_ptr<Config> config;
  std::unique_ptr<Exchange> ex;
  Intervention result;

  const std::vector<std::string>& lines() const { return ex->log().lines; }
  std::string line(size_t i) const { return i < lines().size() ? lines()[i] : "<no line>"; }
  std::string tx(std::string_view name) const { return ex->tx_var(name); }
  bool logged(std::string_view needle) const { return ex->log().contains(needle); }
  size_t count(std::string_view needle) const { return ex->log().count(needle); }
};

// Loads `rules` exactly as given (no directive is added) and runs all phases of `req`.
inline Outcome run_exact(const std::string& rules, Request req = Request()) {
  Outcome o;
  o.config = load_rules(rules);
  o.ex = std::make_unique<Exchange>(*o.config, std::move(req));
  o.result = o.ex->run();
  return o;
}

// Same, with `SecRuleEngine On` and `SecRequestBodyAccess On` in front of `rules`.
inline Outcome run_rules(const std::string& rules, Request req = Request()) {
  return run_exact("SecRuleEngine On\nSecRequestBodyAccess On\n" + rules, std::move(req));
}

// Every value the target list yields in `phase`, as "[NAME=VALUE]" items in evaluation order;
// "<unset>" when it yields none. `setup` goes before the probe rule.
inline std::string seen(const std::string& targets, Request req = Request(), int phase = 2,
                        const std::string& setup = "") {
  Outcome o = run_rules(setup + "SecRule " + targets +
                            " \"@unconditionalMatch\" \"id:9000,phase:" + std::to_string(phase) +
                            ",pass,nolog,setvar:'tx.seen=%{tx.seen}[%{MATCHED_VAR_NAME}=%{"
                            "MATCHED_VAR}]'\"\n",
                        std::move(req));
  return o.tx("seen");
}

inline Request with_headers(Request r, std::vector<std::pair<std::string, std::string>> extra) {
  for (auto& h : extra) r.headers.push_back(std::move(h));
  return r;
}

}  // namespace rampart::testing
