// What the libFuzzer harnesses share: a log sink that drops every line, a rule set loaded once
// per process, and the splitting of an input into pieces at NUL bytes.
#pragma once

#include <memory>
#include <string_view>

#include "rampart/config.h"
#include "rampart/transaction.h"

namespace rampart::fuzz {

class QuietLog : public LogSink {
 public:
  void alert(std::string_view) override {}
};

// The harness's own rules; a harness whose rules do not load is broken, so it stops at once.
inline std::unique_ptr<Config> load_rules(std::string_view rules) {
  auto config = std::make_unique<Config>();
  if (config->load_string(rules, "/fuzz/rules.conf") || config->finish()) __builtin_trap();
  return config;
}

// The next piece of `in` up to a NUL (or all of it); `in` keeps what follows the NUL.
inline std::string_view next_piece(std::string_view& in) {
  size_t nul = in.find('\0');
  std::string_view piece = in.substr(0, nul);
  in = nul == std::string_view::npos ? std::string_view() : in.substr(nul + 1);
  return piece;
}

}  // namespace rampart::fuzz
